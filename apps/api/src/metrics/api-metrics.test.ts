import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@malewa/db/database';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { type MetricsListener, startMetricsListener } from '@malewa/telemetry/metrics-listener';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createInProcessBus } from '#api/events/event-bus.ts';
import { createOutboxRepository } from '#api/messages/outbox-repository.ts';
import type { Transport } from '#api/messages/transports.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, type KitchenMeal, placeOrderOf, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { freePort, until } from '#api/testing/process.ts';
import { buildTestApp, createFileDatabase, createSeededDatabase } from '#api/testing/test-app.ts';
import { type ApiMetrics, countingFailures, createApiMetrics } from './api-metrics.ts';

/** The value of one series line (`name{labels} value`), or undefined when it is not printed. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A GET on a connection of its own: status, headers and body. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the API’s metrics', () => {
  let database: TestDatabase;
  let outbox: TestOutbox;
  let metrics: ApiMetrics;
  let app: FastifyInstance;
  let port: number;
  let listener: MetricsListener;
  let kitchen: KitchenMeal;
  let shopper: Record<string, string>;

  beforeAll(async () => {
    database = await createSeededDatabase({ openAllDay: true });
    outbox = await createTestOutbox(database);
    metrics = createApiMetrics({ database, outbox: createOutboxRepository(database.db) });
    app = await buildTestApp(database, { metrics, events: createInProcessBus() });
    // A request whose statement outlives its time-out, as a slow query under load would.
    app.get('/test/slow-statement', async () => {
      await database.transaction(async () => {
        await database.db.execute(sql`set local statement_timeout = 50`);
        await database.db.execute(sql`select pg_sleep(2)`);
      });
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    listener = await startMetricsListener(metrics.registry, '127.0.0.1', 0);
    [kitchen] = await twoKitchensNearby(database);
    shopper = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'metrics@example.com' })),
      'x-store-id': 'KE',
    };
  });

  afterAll(async () => {
    await listener?.close();
    await app?.close();
    await database?.destroy();
  });

  const scrape = async () => {
    const answer = await fetch(listener.url);
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it('serves /metrics on its own listener only: the public port knows no such route', async () => {
    const answer = await fetch(listener.url);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await answer.text()).toContain('# TYPE malewa_http_request_duration_seconds histogram');
    expect((await fetch(new URL('/anything', listener.url))).status).toBe(404);

    const publicAnswer = await get(port, '/metrics');
    expect(publicAnswer.status).toBe(404);
    expect(publicAnswer.body).not.toContain('malewa_');
  });

  it('times requests under their route pattern, never the raw path, by status class', async () => {
    const series = (route: string, status: string) =>
      `malewa_http_request_duration_seconds_count{route="${route}",method="GET",status_class="${status}"}`;
    const before = await scrape();
    const added = (text: string, route: string, status: string) =>
      (seriesValue(text, series(route, status)) ?? 0) - (seriesValue(before, series(route, status)) ?? 0);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/locations?perPage=1',
      headers: { 'x-store-id': 'KE' },
    });
    const id = listed.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    const missing = randomUUID();
    expect((await get(port, `/api/locations/${id}`)).status).toBe(200);
    expect((await get(port, `/api/locations/${missing}`)).status).toBe(404);
    expect((await get(port, '/no/such/route')).status).toBe(404);

    const text = await scrape();
    expect(added(text, '/api/locations/:id', '2xx')).toBe(1);
    expect(added(text, '/api/locations/:id', '4xx')).toBe(1);
    expect(added(text, 'unmatched', '4xx')).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain(missing);
    expect(text).not.toContain('/no/such/route');
  });

  it('counts checkouts by outcome, a refusal by its problem', async () => {
    const order = await placeOrderOf(app, shopper, kitchen);
    expect(order.id).toBeTruthy();
    // The cart is empty now: the same checkout again is refused.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/carts/food/checkout',
      headers: { ...shopper, 'idempotency-key': randomUUID() },
      payload: { address: addressAt(kitchen), payment: { method: 'cash' } },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ problem?: { code: string } }>().problem?.code).toBe('empty');

    const text = await scrape();
    expect(seriesValue(text, 'malewa_checkouts_total{outcome="placed",reason=""}')).toBe(1);
    expect(seriesValue(text, 'malewa_checkouts_total{outcome="refused",reason="empty"}')).toBe(1);
  });

  it('counts the event streams open now, and leaves their lifetime out of the request times', async () => {
    const order = await placeOrderOf(app, shopper, kitchen);
    const before = seriesValue(await scrape(), 'malewa_sse_connections{stream="order"}');
    expect(before).toBe(0);

    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: `/api/orders/${order.id}/events`, headers: shopper, agent: false },
          resolve,
        )
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    // The hijacked stream says its request id as every other answer does.
    expect(stream.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seriesValue(await scrape(), 'malewa_sse_connections{stream="order"}')).toBe(1);

    stream.destroy();
    const deadline = Date.now() + 5000;
    while (seriesValue(await scrape(), 'malewa_sse_connections{stream="order"}') !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const text = await scrape();
    expect(seriesValue(text, 'malewa_sse_connections{stream="order"}')).toBe(0);
    expect(text).not.toContain('route="/api/orders/:id/events"');
  });

  it('reads the outbox’s backlog when scraped', async () => {
    const stats = await createOutboxRepository(database.db).stats(new Date());
    const text = await scrape();
    expect(seriesValue(text, 'malewa_outbox_messages{state="pending"}')).toBe(stats.pending);
    expect(seriesValue(text, 'malewa_outbox_messages{state="dead"}')).toBe(stats.dead);
    expect(seriesValue(text, 'malewa_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts each failed send of a transport by channel, and closes a shared transport once', async () => {
    let closed = 0;
    const failing: Transport = {
      name: 'broken',
      send: () => Promise.reject(new Error('gateway down')),
      close: () => {
        closed += 1;
      },
    };
    const transports = countingFailures({ email: failing, sms: failing }, metrics);
    const message = {
      id: randomUUID(),
      recipient: '+254700000000',
      template: 'test',
      subject: '',
      body: 'hello',
      createdAt: new Date(),
    };
    await expect(transports.sms.send({ ...message, channel: 'sms' })).rejects.toThrow('gateway down');
    await expect(transports.sms.send({ ...message, channel: 'sms' })).rejects.toThrow('gateway down');
    for (const transport of new Set(Object.values(transports))) transport?.close?.();
    expect(closed).toBe(1);
    expect(seriesValue(await scrape(), 'malewa_outbox_failures_total{channel="sms"}')).toBe(2);
  });

  it('shows the pool in use and waiting on PostgreSQL, and no pool on PGlite', async () => {
    const text = await scrape();
    if (database.kind === 'postgres') {
      expect(seriesValue(text, 'malewa_db_pool_max{pool="primary"}')).toBe(4);
      expect(seriesValue(text, 'malewa_db_pool_in_use{pool="primary"}')).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, 'malewa_db_pool_waiting{pool="primary"}')).toBe(0);
    } else {
      expect(text).not.toMatch(/^malewa_db_pool_in_use\{/m);
    }
    // No DATABASE_READ_URL here: the replica's series say nothing.
    expect(text).not.toMatch(/^malewa_db_replica_in_use /m);
  });

  it.runIf(inject('testDatabaseUrl'))(
    'counts a statement time-out, answered 503 with Retry-After (PostgreSQL)',
    async () => {
      const answer = await get(port, '/test/slow-statement');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.headers['x-request-id']).toBeDefined();
      const text = await scrape();
      expect(seriesValue(text, 'malewa_db_statement_timeouts_total')).toBe(1);
      expect(seriesValue(text, 'malewa_http_unavailable_total{cause="statement_timeout"}')).toBe(1);
    },
  );
});

describe.runIf(inject('testDatabaseUrl'))('the read replica’s metrics (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createFileDatabase();
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const scrapeWith = (replicaUrl: string) => {
    const withReplica = openDatabase({
      kind: 'postgres',
      url: database.url ?? '',
      poolMax: 2,
      statementTimeoutMs: 5_000,
      replica: { url: replicaUrl, maxLagMs: 5_000, checkMs: 100 },
    });
    const metrics = createApiMetrics({ database: withReplica, outbox: createOutboxRepository(withReplica.db) });
    return { withReplica, scrape: () => metrics.registry.metrics() };
  };

  it('says the replica is in use and how far behind it is', async () => {
    // The primary standing in for its own replica: never behind.
    const { withReplica, scrape } = scrapeWith(database.url ?? '');
    try {
      await until('the replica is checked', async () => withReplica.stats().replica?.inUse === true);
      const text = await scrape();
      expect(seriesValue(text, 'malewa_db_replica_in_use')).toBe(1);
      expect(seriesValue(text, 'malewa_db_replica_lag_seconds')).toBe(0);
      expect(seriesValue(text, 'malewa_db_pool_max{pool="replica"}')).toBe(2);
      expect(seriesValue(text, 'malewa_db_replica_fallbacks_total{reason="down"}')).toBe(0);
    } finally {
      await withReplica.close();
    }
  });

  it('counts catalog reads that fell back to the primary while the replica is down', async () => {
    const down = new URL(database.url ?? '');
    down.port = String(await freePort());
    const { withReplica, scrape } = scrapeWith(down.toString());
    try {
      await until('the replica is found down', async () => withReplica.stats().replica?.checked === true);
      await withReplica.catalogDb.execute(sql`select 1`);
      await withReplica.catalogDb.execute(sql`select 1`);
      const text = await scrape();
      expect(seriesValue(text, 'malewa_db_replica_in_use')).toBe(0);
      expect(seriesValue(text, 'malewa_db_replica_lag_seconds')).toBeNaN();
      expect(seriesValue(text, 'malewa_db_replica_fallbacks_total{reason="down"}')).toBeGreaterThanOrEqual(2);
    } finally {
      await withReplica.close();
    }
  });
});
