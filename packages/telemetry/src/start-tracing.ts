import { createRequire } from 'node:module';
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER } from '@malewa/contracts/request-id';
import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';

type Instrumentation = NonNullable<NodeSDKConfiguration['instrumentations']>[number];

/** What an app traces besides HTTP in and out (Node's http, and fetch through undici). */
export type TracedLibrary = 'fastify' | 'pg' | 'ioredis';

const LIBRARIES: Record<TracedLibrary, (require: NodeJS.Require) => Instrumentation> = {
  fastify: (require) => {
    const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
    return new FastifyOtelInstrumentation({ registerOnInitialization: true });
  },
  pg: (require) => {
    const { PgInstrumentation } =
      require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
    return new PgInstrumentation();
  },
  ioredis: (require) => {
    const { IORedisInstrumentation } =
      require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
    return new IORedisInstrumentation();
  },
};

/**
 * Starts OpenTelemetry's traces (docs/deploy.md, Tracing). Each app's `tracing.ts`, its entry's
 * first import, calls it only when OTEL_EXPORTER_OTLP_ENDPOINT is set: this module imports
 * nothing of OpenTelemetry itself (types aside), because the SDK costs some 90 ms and 26 MB of
 * memory loaded even while disabled.
 *
 * It loads synchronously, before anything it instruments: the entry's later imports (HTTP,
 * Fastify, pg, ioredis) are evaluated only once `tracing.ts` is, and a `require` here patches
 * the CommonJS modules they load. A dynamic `import()` would let them load unpatched.
 */
export function startTracing(serviceName: string, libraries: readonly TracedLibrary[]): void {
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');

  const sdk = new NodeSDK({
    serviceName,
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers) itself.
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus's (metrics-listener.ts), logs the apps' own.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Each request's span carries its X-Request-Id, set on the answer before anything else
        // (the API's plugins/request-id.ts, the storefront's requestEdge), as its log lines do.
        applyCustomAttributesOnSpan(span, _request, response) {
          const id = 'getHeader' in response ? response.getHeader(REQUEST_ID_HEADER) : undefined;
          if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
      }),
      // fetch: the storefront's calls to the API carry the trace on (traceparent).
      new UndiciInstrumentation(),
      ...libraries.map((library) => LIBRARIES[library](require)),
    ],
  });
  sdk.start();
  // The spans still buffered go out before the process ends (the servers' graceful stops).
  process.once('beforeExit', () => void sdk.shutdown());
}
