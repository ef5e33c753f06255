import { createRequire } from 'node:module';
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER } from '@malewa/contracts/request-id';
import { loadTracingConfig } from './config.ts';

/**
 * OpenTelemetry traces (docs/deploy.md, Tracing), imported first by server.ts: on only with
 * OTEL_EXPORTER_OTLP_ENDPOINT. Off, the SDK is never loaded; it costs some 90 ms and 26 MB
 * of memory loaded even while disabled.
 *
 * On, it loads synchronously, before anything it instruments: server.ts's later imports (HTTP,
 * Fastify, pg, ioredis) are evaluated only once this module is, and a `require` here patches
 * the CommonJS modules they load. A dynamic `import()` would let them load unpatched.
 */
const tracing = loadTracingConfig(process.env);

if (tracing) {
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');

  const sdk = new NodeSDK({
    serviceName: tracing.serviceName,
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers) itself.
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus's (METRICS_PORT), logs pino's.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Each request's span carries its X-Request-Id, as its log lines do (plugins/request-id.ts).
        applyCustomAttributesOnSpan(span, _request, response) {
          const id = 'getHeader' in response ? response.getHeader(REQUEST_ID_HEADER) : undefined;
          if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
      }),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  // The spans still buffered go out before the process ends (server.ts's graceful stop).
  process.once('beforeExit', () => void sdk.shutdown());
}
