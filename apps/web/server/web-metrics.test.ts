import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MetricsListener, startMetricsListener } from '@malewa/telemetry/metrics-listener';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebMetrics, requestEdge, type WebMetrics } from './web-metrics.ts';

/** The value of one series line (`name{labels} value`), or undefined when it is not printed. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the storefront’s edge: request ids and request times', () => {
  let metrics: WebMetrics;
  let server: Server;
  let origin: string;
  let listener: MetricsListener;

  beforeAll(async () => {
    metrics = createWebMetrics();
    // Shaped like main.ts and app.ts: the edge first, then assets, then pages that record the
    // pattern React Router matched.
    const app = express();
    app.use(requestEdge(metrics));
    app.get('/assets/:file', (_req, res) => {
      res.type('js').send('boot()');
    });
    app.get('/:lang/food/meals/:slug', (req, res) => {
      res.locals.route = '/:lang?/food/meals/:slug';
      res.status(req.params.slug === 'gone' ? 404 : 200).send(`<p>${req.params.slug}</p>`);
    });
    app.get('/events', (_req, res) => {
      res.setHeader('content-type', 'text/event-stream');
      res.end('retry: 3000\n\n');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    listener = await startMetricsListener(metrics.registry, '127.0.0.1', 0);
  });

  afterAll(async () => {
    await listener?.close();
    server?.close();
  });

  it('keeps a sane X-Request-Id, makes one otherwise, and says it on every answer', async () => {
    const kept = await fetch(`${origin}/sw/food/meals/pilau`, { headers: { 'x-request-id': 'lb-1f2e.3' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1f2e.3');
    const made = await fetch(`${origin}/assets/entry.js`, { headers: { 'x-request-id': 'not sane' } });
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    const missing = await fetch(`${origin}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
  });

  it('times requests under the route pattern or a fixed kind, never the path, by status class', async () => {
    await fetch(`${origin}/fr/food/meals/ugali`);
    await fetch(`${origin}/fr/food/meals/gone`);
    await fetch(`${origin}/assets/chunk-abc.js`);
    await fetch(`${origin}/events`);
    const text = await (await fetch(listener.url)).text();
    const count = (route: string, status: string) =>
      seriesValue(
        text,
        `malewa_web_request_duration_seconds_count{route="${route}",method="GET",status_class="${status}"}`,
      );
    expect(count('/:lang?/food/meals/:slug', '2xx')).toBe(2);
    expect(count('/:lang?/food/meals/:slug', '4xx')).toBe(1);
    expect(count('asset', '2xx')).toBe(2);
    expect(count('other', '4xx')).toBe(1);
    expect(text).not.toContain('ugali');
    expect(text).not.toContain('chunk-abc');
    // An event stream's lifetime is not a request's time.
    expect(count('other', '2xx')).toBeUndefined();
  });

  it('counts page cache lookups and the live streams open now', async () => {
    metrics.pageCache('hit');
    metrics.pageCache('miss');
    metrics.pageCache('miss');
    const closeOne = metrics.streamOpened('order');
    metrics.streamOpened('shop');
    closeOne();
    closeOne();
    const text = await metrics.registry.metrics();
    expect(seriesValue(text, 'malewa_web_page_cache_lookups_total{outcome="hit"}')).toBe(1);
    expect(seriesValue(text, 'malewa_web_page_cache_lookups_total{outcome="miss"}')).toBe(2);
    expect(seriesValue(text, 'malewa_web_sse_connections{stream="order"}')).toBe(0);
    expect(seriesValue(text, 'malewa_web_sse_connections{stream="shop"}')).toBe(1);
  });
});
