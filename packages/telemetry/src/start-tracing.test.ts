import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tracingPackagesLoadedBy } from './testing/tracing-packages-loaded-by.ts';

const module = new URL('./start-tracing.ts', import.meta.url);
// A collector nobody listens on: the SDK starts, and what it buffered is dropped at exit.
const collector = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' };

/** A module that starts tracing with `libraries`, as an app's tracing.ts does when it is on. */
const starting = (libraries: string[]) =>
  `data:text/javascript,${encodeURIComponent(
    `import { startTracing } from ${JSON.stringify(module.href)}; startTracing('probe', ${JSON.stringify(libraries)});`,
  )}`;

describe('startTracing', () => {
  it('is imported without loading anything of OpenTelemetry: only calling it does', () => {
    expect(tracingPackagesLoadedBy(fileURLToPath(module), collector)).toEqual([]);
  });

  it('loads the SDK, the OTLP exporter, the HTTP and fetch instrumentations, and only the libraries named', () => {
    const core = [
      '@opentelemetry/sdk-node',
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-undici',
    ];
    const alone = tracingPackagesLoadedBy(starting([]), collector);
    expect(alone).toEqual(expect.arrayContaining(core));
    expect(alone.filter((name) => /pg|ioredis|fastify/.test(name))).toEqual([]);

    const withPg = tracingPackagesLoadedBy(starting(['pg']), collector);
    expect(withPg).toEqual(expect.arrayContaining([...core, '@opentelemetry/instrumentation-pg']));
    expect(withPg).not.toContain('@opentelemetry/instrumentation-ioredis');
    expect(withPg).not.toContain('@fastify/otel');
  });
});
