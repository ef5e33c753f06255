import { describe, expect, it } from 'vitest';
import { createServerMetrics } from './server-metrics.ts';

const probe = (processMetrics = false) =>
  createServerMetrics({
    processMetrics,
    requests: { name: 'probe_seconds', help: 'Requests.' },
    streams: { name: 'probe_streams', help: 'Streams.', kinds: ['a', 'b'] },
  });

describe('createServerMetrics', () => {
  it('counts requests by route, method and status class, any other method or status as other', async () => {
    const { registry, request } = probe();
    request('/items/:id', 'GET', 200, 0.01);
    request('/items/:id', 'GET', 204, 0.02);
    request('/items/:id', 'PROPFIND', 503, 0.03);
    request('/items/:id', 'POST', 999, 0.04);
    const text = await registry.metrics();
    const counted = (method: string, statusClass: string) =>
      new RegExp(
        `^probe_seconds_count\\{route="/items/:id",method="${method}",status_class="${statusClass}"\\} (\\d+)$`,
        'm',
      ).exec(text)?.[1];
    expect(counted('GET', '2xx')).toBe('2');
    expect(counted('other', '5xx')).toBe('1');
    expect(counted('POST', 'other')).toBe('1');
    expect(text).not.toContain('PROPFIND');
  });

  it('prints every stream kind from the start, and a stream closed twice counts once', async () => {
    const { registry, streamOpened } = probe();
    expect(await registry.metrics()).toMatch(/^probe_streams\{stream="a"\} 0\nprobe_streams\{stream="b"\} 0$/m);
    const first = streamOpened('a');
    streamOpened('a');
    first();
    first();
    expect(await registry.metrics()).toMatch(/^probe_streams\{stream="a"\} 1$/m);
  });

  it('keeps each its own registry, with Node’s own series only when asked', async () => {
    const plain = probe();
    const withProcess = probe(true);
    plain.request('/', 'GET', 200, 0.01);
    expect(await withProcess.registry.metrics()).not.toMatch(/^probe_seconds_count/m);
    expect(await withProcess.registry.metrics()).toMatch(/^process_cpu_user_seconds_total /m);
    expect(await plain.registry.metrics()).not.toContain('process_cpu_user_seconds_total');
    expect(plain.registers).toEqual([plain.registry]);
  });
});
