import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { cartLines } from '@malewa/db/schema/carts';
import { orders } from '@malewa/db/schema/orders';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, openAroundTheClock, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { startApiProcess, until } from '#api/testing/process.ts';
import { buildTestApp } from '#api/testing/test-app.ts';

// A real API process killed with SIGKILL in the middle of a checkout: only on PostgreSQL, where
// a second connection can hold a lock that keeps the checkout's transaction waiting halfway.
const adminUrl = inject('testDatabaseUrl');

describe.runIf(adminUrl)('a checkout whose process is killed halfway (needs PostgreSQL: TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let locker: pg.Client | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
    await seedIfEmpty(database.db);
    await seedCatalogIfEmpty(database.db);
    await openAroundTheClock(database);
    app = await buildTestApp(database);
    await app.ready();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await locker?.end().catch(() => {});
    await app?.close();
    await database?.destroy();
  });

  it('leaves no half order, and a retry with the same key completes it', async () => {
    const url = database.url;
    if (!url) throw new Error('the test database has no URL');
    const session = await signUp(app, database, await createTestOutbox(database), { identifier: 'crash@example.com' });
    const headers = { ...bearer(session), 'x-store-id': 'KE' };
    const [kitchen] = await twoKitchensNearby(database);
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: kitchen.slug, quantity: enough(kitchen) },
    });
    expect(added.statusCode, added.body).toBe(201);

    const { server, port } = await startApiProcess(url);
    child = server;

    // The checkout will stop at its order lines: it has held its key, locked the cart, taken
    // the stock and written its orders by then, all in its one transaction.
    const lock = new pg.Client({ connectionString: url });
    locker = lock;
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE order_lines IN ACCESS EXCLUSIVE MODE');

    const key = 'crash-test-key-0001';
    const body = JSON.stringify({ address: addressAt(kitchen), payment: { method: 'cash' } });
    const request = fetch(`http://127.0.0.1:${port}/api/carts/food/checkout`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/json' },
      body,
    }).catch((error: unknown) => error);
    await until('the checkout waits halfway', async () => {
      const { rows } = await lock.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return (rows[0]?.waiting ?? 0) > 0;
    });

    server.kill('SIGKILL');
    await once(server, 'exit');
    expect(await request).toBeInstanceOf(Error);
    await lock.query('COMMIT');
    // The dead process's transaction ends when PostgreSQL finds its connection gone: wait until
    // no other connection is busy (this test's own pool stays idle), then look.
    await until('the abandoned transaction is gone', async () => {
      const { rows } = await lock.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
          where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`,
      );
      return rows[0]?.busy === 0;
    });
    expect(await database.db.select().from(orders).where(eq(orders.userId, session.user.id))).toHaveLength(0);
    expect((await database.db.select().from(cartLines)).length).toBeGreaterThan(0);

    // The shopper's retry (here through another process) with the same key places the order once.
    let retried: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    await until('the retry goes through', async () => {
      retried = await app.inject({
        method: 'POST',
        url: '/api/carts/food/checkout',
        headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/json' },
        payload: body,
      });
      return retried.statusCode !== 409;
    });
    expect(retried?.statusCode, retried?.body).toBe(201);
    expect(retried?.json<CheckoutResponse>().data.orders).toHaveLength(1);
    expect(await database.db.select().from(orders).where(eq(orders.userId, session.user.id))).toHaveLength(1);
  });
});
