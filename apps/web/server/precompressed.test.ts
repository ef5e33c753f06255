import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed.ts';

const css = `.a { color: var(--ink); }\n`.repeat(100);
const js = `export const a = 1;\n`.repeat(100);
let dir = '';
let origin = '';
let close: () => void = () => undefined;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent, not decoded (fetch would decode them). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'malewa-precompressed-'));
  writeFileSync(join(dir, 'app-1.css'), css);
  // Marked, so that the test tells the copy from what on-the-fly compression would send.
  writeFileSync(join(dir, 'app-1.css.br'), brotliCompressSync(`${css}/* the copy */`));
  writeFileSync(join(dir, 'chunk-1.js'), js);
  // As in server/main.ts.
  const server = express();
  server.use(compression({ brotli: { params: {} } }));
  server.use('/assets', precompressedAssets(dir));
  server.use('/assets', express.static(dir, { immutable: true, maxAge: '1y' }));
  const listener = server.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  close = () => listener.close();
});

afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  it('sends the build’s brotli copy, typed as the original, cached for a year', async () => {
    const res = await get('/assets/app-1.css', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(`${css}/* the copy */`);
  });

  it('answers HEAD alike, without a body', async () => {
    const res = await get('/assets/app-1.css', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('sends the original to a browser that does not take brotli, or sends no Accept-Encoding', async () => {
    const choices: Record<string, string>[] = [
      { 'Accept-Encoding': 'gzip' },
      { 'Accept-Encoding': 'br;q=0, gzip' },
      {},
    ];
    for (const headers of choices) {
      const res = await get('/assets/app-1.css', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).not.toBe('br');
    }
    const plain = await get('/assets/app-1.css');
    expect(plain.body.toString()).toBe(css);
  });

  it('leaves a file without a copy to the on-the-fly compression', async () => {
    const res = await get('/assets/chunk-1.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('does not serve a copy for a path outside the folder, nor invent one', async () => {
    expect((await get('/assets/../app-1.css', { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await get('/assets/missing.css', { 'Accept-Encoding': 'br' })).status).toBe(404);
  });
});
