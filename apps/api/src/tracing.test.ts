import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { tracingPackagesLoadedBy } from '@malewa/telemetry/testing/tracing-packages-loaded-by';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess, until } from '#api/testing/process.ts';

const tracingEntry = fileURLToPath(new URL('./tracing.ts', import.meta.url));

// What the SDK loads once started: packages/telemetry/src/start-tracing.test.ts. Here, whether
// the API starts it at all, and with its own libraries.
describe('tracing.ts', () => {
  it('loads no OpenTelemetry package at all without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(tracingPackagesLoadedBy(tracingEntry, {})).toEqual([]);
  });

  it('starts the SDK with it, tracing Fastify, pg and ioredis too', () => {
    const loaded = tracingPackagesLoadedBy(tracingEntry, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(loaded).toEqual(
      expect.arrayContaining([
        '@opentelemetry/sdk-node',
        '@fastify/otel',
        '@opentelemetry/instrumentation-pg',
        '@opentelemetry/instrumentation-ioredis',
      ]),
    );
  });
});

interface Span {
  traceId: string;
  name: string;
  scope: string;
  attributes: Record<string, unknown>;
}

describe('an API process with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  const adminUrl = inject('testDatabaseUrl');
  const spans: Span[] = [];
  let collector: Server;
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;

  beforeAll(async () => {
    // A collector of our own: OTLP/HTTP's JSON, kept span by span.
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const sent = JSON.parse(body || '{}') as {
          resourceSpans?: {
            scopeSpans?: {
              scope?: { name: string };
              spans?: {
                traceId: string;
                name: string;
                attributes?: { key: string; value: Record<string, unknown> }[];
              }[];
            }[];
          }[];
        };
        for (const resource of sent.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                traceId: span.traceId,
                name: span.name,
                scope: scope.scope?.name ?? '',
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]),
                ),
              });
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    collector.listen(0, '127.0.0.1');
    await once(collector, 'listening');
    if (adminUrl) database = await createTestDatabase(adminUrl, { migrated: false });
    else dataDir = mkdtempSync(join(tmpdir(), 'malewa-tracing-'));
    api = await startApiProcess(
      database?.url ?? { dataDir: dataDir ?? '' },
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      { readyWithinMs: 120_000 },
    );
  }, 150_000);

  afterAll(async () => {
    if (api && api.server.exitCode === null) {
      api.server.kill('SIGTERM');
      await once(api.server, 'exit');
    }
    collector?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each request’s trace: its HTTP and Fastify spans (and pg’s on PostgreSQL), with its request id', async () => {
    const answer = await fetch(`http://127.0.0.1:${api?.port}/api/locations?perPage=1`, {
      headers: { 'x-request-id': 'trace-me-1', 'x-store-id': 'KE' },
    });
    expect(answer.status).toBe(200);
    await until('the request’s span arrives', async () =>
      spans.some((span) => span.attributes['malewa.request_id'] === 'trace-me-1'),
    );
    const server = spans.find((span) => span.attributes['malewa.request_id'] === 'trace-me-1');
    expect(server?.scope).toBe('@opentelemetry/instrumentation-http');
    expect(server?.attributes['http.route']).toBe('/api/locations');
    const inTrace = (scope: string) => spans.some((span) => span.traceId === server?.traceId && span.scope === scope);
    await until('its Fastify spans arrive', async () => inTrace('@fastify/otel'));
    // PGlite runs in the process: only PostgreSQL's driver has spans.
    if (adminUrl) await until('its database spans arrive', async () => inTrace('@opentelemetry/instrumentation-pg'));
  });
});
