import { fileURLToPath } from 'node:url';
import { tracingPackagesLoadedBy } from '@malewa/telemetry/testing/tracing-packages-loaded-by';
import { describe, expect, it } from 'vitest';

const tracingEntry = fileURLToPath(new URL('./tracing.ts', import.meta.url));

// What the SDK loads once started, and what it traces beyond HTTP and fetch:
// packages/telemetry/src/start-tracing.test.ts. Here, whether the storefront starts it at all.
describe('the storefront’s tracing.ts', () => {
  it('loads no OpenTelemetry package at all without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(tracingPackagesLoadedBy(tracingEntry, {})).toEqual([]);
  });

  it('starts the SDK with it, tracing none of the API’s libraries (Fastify, pg, ioredis)', () => {
    const loaded = tracingPackagesLoadedBy(tracingEntry, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(loaded).toContain('@opentelemetry/sdk-node');
    expect(loaded.filter((name) => /pg|ioredis|fastify/.test(name))).toEqual([]);
  });

  it('refuses an endpoint that is not a URL, naming it', () => {
    expect(() => tracingPackagesLoadedBy(tracingEntry, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
  });
});
