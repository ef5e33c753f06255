import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { type PageCacheOptions, pageCache } from './page-cache.ts';

/**
 * An app shaped like the storefront's: compression outside, a nonce per response set before the
 * cache, pages written in chunks after it with the nonce and the shopper's token in them.
 */
interface Served {
  url: string;
  /** How many times a page was made rather than served from the cache. */
  rendered: () => number;
  /** Moves the cache's clock on. */
  advance: (ms: number) => void;
  /** Lets `/slow` finish the page it has begun. */
  release: () => void;
}

const listeners: Server[] = [];
afterEach(() => {
  for (const listener of listeners.splice(0)) listener.close();
});

async function serve(overrides: Partial<PageCacheOptions> = {}): Promise<Served> {
  let renders = 0;
  let clock = 1_000_000;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = express();
  app.use(compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use((_req, res, next) => {
    res.setHeader('X-Frame-Options', 'DENY');
    res.locals.nonce = randomBytes(16).toString('base64');
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(
    pageCache({
      ttlMs: 10_000,
      maxBytes: 1_000_000,
      keyOf: (req) =>
        req.get('cookie')?.includes('session') ? null : `${req.originalUrl} ${req.get('x-token') ? 1 : 0}`,
      secretsOf: (_req, res) => [res.locals.nonce, res.locals.token],
      freshSecrets: (req, res) => [res.locals.nonce, req.get('x-token') ?? 'new-token-for-the-hit'],
      now: () => clock,
      ...overrides,
    }),
  );
  app.use((req, res, next) => {
    res.locals.token = req.get('x-token') ?? `new-token-${renders}`;
    next();
  });
  app.get(['/page', '/other', '/big'], async (req, res) => {
    renders++;
    res.status(200);
    res.append('Content-Type', 'text/html; charset=utf-8');
    res.append('Cache-Control', 'private, no-cache');
    // A page may change a header set before it (the document viewer's own CSP).
    if (req.query.framed !== undefined) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (!req.get('x-token')) res.append('Set-Cookie', `csrf=${res.locals.token}; HttpOnly`);
    const filler = req.path === '/big' ? 'x'.repeat(600_000) : 'Nyama choma, ugali and sukuma wiki. '.repeat(200);
    res.write(`<html><script nonce="${res.locals.nonce}">boot()</script><form>`);
    await new Promise((resolve) => setImmediate(resolve));
    res.write(`<input name="csrf" value="${res.locals.token}">${filler}`);
    res.end(`</form><p>render ${renders} of ${req.path}</p></html>`);
  });
  app.get('/slow', async (_req, res) => {
    renders++;
    res.type('html');
    res.write(`<p nonce="${res.locals.nonce}">begun</p>`);
    await released;
    res.end('<p>ended</p>');
  });
  app.get('/missing', (_req, res) => {
    renders++;
    res.status(404).type('html').send('<p>not here</p>');
  });
  app.get('/data.json', (_req, res) => {
    renders++;
    res.json({ renders });
  });
  app.post('/page', (_req, res) => {
    res.status(204).end();
  });
  const listener = app.listen(0, '127.0.0.1');
  listeners.push(listener);
  await new Promise((resolve) => listener.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    rendered: () => renders,
    advance: (ms) => {
      clock += ms;
    },
    release,
  };
}

interface Answer {
  status: number;
  body: string;
  nonce: string;
  headers: Headers;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity', ...headers } });
  const body = await response.text();
  const nonce = /nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return { status: response.status, body, nonce, headers: response.headers };
}

describe('pageCache', () => {
  it('serves a page again without making it, with the asking request’s own nonce and token', async () => {
    const site = await serve();
    const first = await get(`${site.url}/page`);
    const second = await get(`${site.url}/page`);
    expect(site.rendered()).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body).toContain('render 1 of /page');
    expect(second.body).toContain(`<script nonce="${second.nonce}">`);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).not.toContain(first.nonce);
    expect(second.body).toContain('value="new-token-for-the-hit"');
    expect(second.body).not.toContain('new-token-0');
    expect(second.headers.get('set-cookie')).toBe('csrf=new-token-for-the-hit; HttpOnly');
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Apart from its secrets, the same page.
    expect(second.body.replaceAll(second.nonce, 'N').replace('new-token-for-the-hit', 'T')).toBe(
      first.body.replaceAll(first.nonce, 'N').replace('new-token-0', 'T'),
    );
  });

  it('keeps what the page changed of the headers set before it', async () => {
    const site = await serve();
    await get(`${site.url}/page?framed`);
    const again = await get(`${site.url}/page?framed`);
    expect(site.rendered()).toBe(1);
    expect(again.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await get(`${site.url}/page`)).headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps a shopper’s own token when they have one, and sets no cookie', async () => {
    const site = await serve();
    await get(`${site.url}/page`, { 'X-Token': 'alices-token' });
    const bob = await get(`${site.url}/page`, { 'X-Token': 'bobs-token' });
    expect(site.rendered()).toBe(1);
    expect(bob.body).toContain('value="bobs-token"');
    expect(bob.body).not.toContain('alices-token');
    expect(bob.headers.get('set-cookie')).toBeNull();
  });

  it('compresses each answer for its own request; what it keeps is the page itself', async () => {
    const site = await serve();
    const compressed = await fetch(`${site.url}/page`, { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    await compressed.arrayBuffer();
    const plain = await get(`${site.url}/page`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toContain('render 1 of /page');
    const again = await fetch(`${site.url}/page`, { headers: { 'Accept-Encoding': 'br' } });
    expect(again.headers.get('content-encoding')).toBe('br');
    // fetch decodes brotli itself; the bytes must have been a valid stream of the whole page.
    expect(await again.text()).toContain('render 1 of /page');
    expect(site.rendered()).toBe(1);
  });

  it('makes the page again once it is older than the time to live', async () => {
    const site = await serve();
    await get(`${site.url}/page`);
    site.advance(9_999);
    await get(`${site.url}/page`);
    expect(site.rendered()).toBe(1);
    site.advance(1);
    expect((await get(`${site.url}/page`)).body).toContain('render 2 of /page');
  });

  it('keeps nothing for a request the key refuses, an answer other than a 200 page, or a huge page', async () => {
    const site = await serve();
    await get(`${site.url}/page`, { Cookie: 'session=1' });
    await get(`${site.url}/page`, { Cookie: 'session=1' });
    expect(site.rendered()).toBe(2);
    await get(`${site.url}/missing`);
    await get(`${site.url}/missing`);
    expect(site.rendered()).toBe(4);
    await get(`${site.url}/data.json`);
    expect((await get(`${site.url}/data.json`)).body).toBe('{"renders":6}');
    await get(`${site.url}/big`);
    await get(`${site.url}/big`);
    expect(site.rendered()).toBe(8);
  });

  it('forgets every page when a form is sent', async () => {
    const site = await serve();
    await get(`${site.url}/page`);
    await get(`${site.url}/other`);
    await fetch(`${site.url}/page`, { method: 'POST' });
    await get(`${site.url}/page`);
    await get(`${site.url}/other`);
    expect(site.rendered()).toBe(4);
  });

  it('does not keep a page that was being made while a form was sent', async () => {
    const site = await serve();
    const page = get(`${site.url}/slow`);
    while (site.rendered() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await fetch(`${site.url}/page`, { method: 'POST' });
    site.release();
    expect((await page).body).toContain('ended');
    await get(`${site.url}/slow`);
    expect(site.rendered()).toBe(2);
    // Without a form in between, the same page is kept.
    await get(`${site.url}/slow`);
    expect(site.rendered()).toBe(2);
  });

  it('drops the least recently served pages past its size', async () => {
    // Room for two of these pages (some 15 KB of UTF-16 each), not three.
    const site = await serve({ maxBytes: 40_000 });
    await get(`${site.url}/page`);
    await get(`${site.url}/other`);
    await get(`${site.url}/page`); // served: now the most recent
    await get(`${site.url}/page?third`);
    expect(site.rendered()).toBe(3);
    await get(`${site.url}/page`);
    expect(site.rendered()).toBe(3);
    await get(`${site.url}/other`);
    expect(site.rendered()).toBe(4);
  });

  it('counts each lookup of a page it may keep: a hit when served from it, else a miss', async () => {
    const counted: string[] = [];
    const { url } = await serve({ count: (outcome) => counted.push(outcome) });
    await get(`${url}/page`);
    await get(`${url}/page`);
    await get(`${url}/other`);
    // A shopper with a session is never looked up.
    await get(`${url}/page`, { cookie: 'session=1' });
    expect(counted).toEqual(['miss', 'hit', 'miss']);
  });

  it('makes every page when its time to live is 0', async () => {
    const site = await serve({ ttlMs: 0 });
    await get(`${site.url}/page`);
    await get(`${site.url}/page`);
    expect(site.rendered()).toBe(2);
  });
});
