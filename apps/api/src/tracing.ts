import { startTracing } from '@malewa/telemetry/start-tracing';
import { loadTracingConfig } from './config.ts';

/**
 * OpenTelemetry traces (docs/deploy.md, Tracing), imported first by server.ts so that what it
 * imports next (HTTP, Fastify, pg, ioredis) loads patched: on only with
 * OTEL_EXPORTER_OTLP_ENDPOINT; off, the SDK is never loaded (packages/telemetry's
 * start-tracing.ts says why it loads synchronously).
 */
const tracing = loadTracingConfig(process.env);

if (tracing) startTracing(tracing.serviceName, ['fastify', 'pg', 'ioredis']);
