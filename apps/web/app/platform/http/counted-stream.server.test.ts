import { describe, expect, it } from 'vitest';
import { countedStream } from './counted-stream.server.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('countedStream', () => {
  it('passes every chunk on and says once that the stream ended', async () => {
    let ended = 0;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('retry: 3000\n\n'));
        controller.enqueue(bytes('event: status\ndata: {}\n\n'));
        controller.close();
      },
    });
    const text = await new Response(countedStream(source, () => ended++)).text();
    expect(text).toBe('retry: 3000\n\nevent: status\ndata: {}\n\n');
    expect(ended).toBe(1);
  });

  it('ends when the reader goes away, and cancels the source', async () => {
    let ended = 0;
    let cancelled: unknown;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes(': still here\n\n'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = countedStream(source, () => ended++).getReader();
    await reader.read();
    await reader.cancel('the browser left');
    expect(ended).toBe(1);
    expect(cancelled).toBe('the browser left');
  });

  it('ends when the source fails', async () => {
    let ended = 0;
    const source = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error('the API went away');
      },
    });
    await expect(new Response(countedStream(source, () => ended++)).text()).rejects.toThrow('the API went away');
    expect(ended).toBe(1);
  });
});
