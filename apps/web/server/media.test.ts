import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { drawingQueue, MediaBusyError, mediaHandler } from './media.ts';

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(handler: express.RequestHandler): Promise<string> {
  const app = express();
  app.use('/media', handler);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const AVIF = { bytes: new Uint8Array([0, 0, 0, 28, 102, 116, 121, 112]), contentType: 'image/avif' };

describe('the media handler', () => {
  it('serves a picture for a year, by the path after /media/', async () => {
    const asked: string[] = [];
    const origin = await serve(
      mediaHandler(async (path) => {
        asked.push(path);
        return path === 'v1/art/3/mango/160.avif' ? AVIF : null;
      }, drawingQueue(4)),
    );
    const response = await fetch(`${origin}/media/v1/art/3/mango/160.avif`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(AVIF.bytes);
    const head = await fetch(`${origin}/media/v1/art/3/mango/160.avif`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '8']);
    expect(asked).toEqual(['v1/art/3/mango/160.avif', 'v1/art/3/mango/160.avif']);
  });

  it('answers 404, never cached for long, for an address with no picture', async () => {
    const origin = await serve(mediaHandler(async () => null, drawingQueue(4)));
    const response = await fetch(`${origin}/media/v1/art/3/mango/999.avif`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('answers 503 with Retry-After when too many pictures wait to be drawn', async () => {
    const origin = await serve(
      mediaHandler(async () => {
        throw new MediaBusyError('busy');
      }, drawingQueue(4)),
    );
    const response = await fetch(`${origin}/media/v1/art/3/mango/160.avif`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
  });
});

describe('the drawing queue', () => {
  it('draws one picture at a time, in order', async () => {
    const schedule = drawingQueue(8);
    const log: string[] = [];
    const draw = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      return name;
    };
    expect(await Promise.all([schedule(draw('a', 20)), schedule(draw('b', 1)), schedule(draw('c', 1))])).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('refuses more than its limit waiting, and goes on after a failed drawing', async () => {
    const schedule = drawingQueue(2);
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = schedule(() => blocked.then(() => 'first'));
    const second = schedule(async () => {
      throw new Error('broken icon');
    });
    await expect(schedule(async () => 'third')).rejects.toBeInstanceOf(MediaBusyError);
    release();
    expect(await first).toBe('first');
    await expect(second).rejects.toThrow('broken icon');
    expect(await schedule(async () => 'fourth')).toBe('fourth');
  });
});
