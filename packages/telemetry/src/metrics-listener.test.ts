import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricsListener, startMetricsListener } from './metrics-listener.ts';

describe('startMetricsListener', () => {
  const registry = new Registry();
  new Counter({ name: 'probe_total', help: 'A probe.', registers: [registry] }).inc(3);
  let listener: MetricsListener;

  beforeAll(async () => {
    listener = await startMetricsListener(registry, '127.0.0.1', 0);
  });

  afterAll(async () => {
    await listener?.close();
  });

  it('serves the registry in Prometheus’s text format at /metrics, query or not', async () => {
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const answer = await fetch(`${listener.url}?format=text`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(registry.contentType);
    expect(await answer.text()).toMatch(/^probe_total 3$/m);
  });

  it('answers 404 to any other path or method', async () => {
    expect((await fetch(new URL('/metrics/more', listener.url))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });

  it('answers 500 with the reason when the registry cannot be read', async () => {
    const failing = await startMetricsListener(
      { contentType: registry.contentType, metrics: () => Promise.reject(new Error('collect failed')) },
      '127.0.0.1',
      0,
    );
    try {
      const answer = await fetch(failing.url);
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe('collect failed\n');
    } finally {
      await failing.close();
    }
  });

  it('fails to start on a port in use', async () => {
    const port = Number(new URL(listener.url).port);
    await expect(startMetricsListener(registry, '127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
