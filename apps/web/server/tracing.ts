import { createRequire } from 'node:module';
import { REQUEST_ID_ATTRIBUTE, REQUEST_ID_HEADER } from '@malewa/contracts/request-id';
import { loadWebTracingConfig } from '../app/config.server.ts';

/**
 * OpenTelemetry traces (docs/deploy.md, Tracing), imported first by main.ts: on only with
 * OTEL_EXPORTER_OTLP_ENDPOINT, and then loaded synchronously, before the HTTP server and the
 * build it traces (see apps/api/src/tracing.ts). Off, the SDK is never loaded.
 *
 * The storefront's spans are its requests and its calls to the API (fetch): those carry the
 * trace on to the API (traceparent), so a page and the API requests it made are one trace.
 */
const tracing = loadWebTracingConfig(process.env);

if (tracing) {
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');

  const sdk = new NodeSDK({
    serviceName: tracing.serviceName,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Each request's span carries its X-Request-Id (server/web-metrics.ts sets it first).
        applyCustomAttributesOnSpan(span, _request, response) {
          const id = 'getHeader' in response ? response.getHeader(REQUEST_ID_HEADER) : undefined;
          if (typeof id === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        },
      }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  process.once('beforeExit', () => void sdk.shutdown());
}
