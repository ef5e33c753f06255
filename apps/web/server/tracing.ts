import { startTracing } from '@malewa/telemetry/start-tracing';
import { loadWebTracingConfig } from '../app/config.server.ts';

/**
 * OpenTelemetry traces (docs/deploy.md, Tracing), imported first by main.ts, before the HTTP
 * server and the build it traces: on only with OTEL_EXPORTER_OTLP_ENDPOINT; off, the SDK is
 * never loaded. The storefront's spans are its requests and its calls to the API (fetch): those
 * carry the trace on to the API (traceparent), so a page and the API requests it made are one
 * trace.
 */
const tracing = loadWebTracingConfig(process.env);

if (tracing) startTracing(tracing.serviceName, []);
