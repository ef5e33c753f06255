import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import compression from 'compression';
import express, { type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalescedFlush } from './coalesced-flush.ts';

const chunks = Array.from(
  { length: 20 },
  (_, i) => `<p>Paragraph ${i}: ${'the same words again and '.repeat(40)}</p>\n`,
);
const [first = '', second = ''] = chunks;
const flushed = (res: Response) => (res as Response & { flush(): void }).flush();
const listeners: { close(): void }[] = [];
/** Between the `/later` handler and its client: has the server written its second chunk, has the client a first? */
let secondWritten = false;
let onFirstChunk: () => void = () => undefined;
const firstChunkReceived = new Promise<void>((resolve) => {
  onFirstChunk = resolve;
});

/** An app that writes its page as React Router does: a chunk, a flush, a chunk, a flush… */
async function serve(coalesce: boolean): Promise<string> {
  const app = express();
  app.use(compression({ brotli: { params: {} } }));
  if (coalesce) app.use(coalescedFlush());
  app.get('/at-once', (_req, res) => {
    res.type('html');
    for (const chunk of chunks) {
      res.write(chunk);
      flushed(res);
    }
    res.end();
  });
  app.get('/later', async (_req, res) => {
    res.type('html');
    res.write(first);
    flushed(res);
    // The rest is written once the client has the first chunk (or after 2 s, so that a
    // failure shows as a wrong answer rather than a hang).
    await Promise.race([firstChunkReceived, new Promise((resolve) => setTimeout(resolve, 2000))]);
    secondWritten = true;
    res.write(second);
    flushed(res);
    res.end();
  });
  const listener = app.listen(0, '127.0.0.1');
  listeners.push(listener);
  await new Promise((resolve) => listener.once('listening', resolve));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}

interface Received {
  body: Buffer;
  /** Whether the first bytes arrived before the server wrote its second chunk. */
  firstBeforeSecond: boolean;
}

function get(url: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
      const parts: Buffer[] = [];
      let firstBeforeSecond = false;
      res.on('data', (part: Buffer) => {
        if (parts.length === 0 && url.endsWith('/later')) {
          firstBeforeSecond = !secondWritten;
          onFirstChunk();
        }
        parts.push(part);
      });
      res.on('end', () => resolve({ body: Buffer.concat(parts), firstBeforeSecond }));
    });
    req.on('error', reject);
    req.end();
  });
}

let plain = '';
let coalesced = '';
beforeAll(async () => {
  plain = await serve(false);
  coalesced = await serve(true);
});
afterAll(() => {
  for (const listener of listeners) listener.close();
});

describe('coalesced flushes', () => {
  it('send a page written in one go in fewer bytes, the same once decoded', async () => {
    const before = await get(`${plain}/at-once`);
    const after = await get(`${coalesced}/at-once`);
    expect(brotliDecompressSync(after.body).toString()).toBe(chunks.join(''));
    expect(brotliDecompressSync(before.body).toString()).toBe(chunks.join(''));
    expect(after.body.length).toBeLessThan(before.body.length);
  });

  it('still send what was written before a pause without waiting for the rest', async () => {
    const { body, firstBeforeSecond } = await get(`${coalesced}/later`);
    expect(brotliDecompressSync(body).toString()).toBe(first + second);
    expect(firstBeforeSecond).toBe(true);
  });
});
