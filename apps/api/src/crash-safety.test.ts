import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import { type Database, openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, freshAddress, signUp } from './testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, kitchenMeals, openAroundTheClock } from './testing/orders.ts';
import { createTestOutbox } from './testing/outbox.ts';
import { type ApiDatabase, startApiProcess, until } from './testing/process.ts';
import { buildTestApp, TEST_CONFIG } from './testing/test-app.ts';

/**
 * The API process killed with SIGKILL while shoppers write, three times in a row, on the
 * embedded database (as `npm start` runs it) and on PostgreSQL: each time the product starts
 * again, every write it acknowledged is there, and nothing is half-written.
 */
const adminUrl = inject('testDatabaseUrl');
const KINDS = ['PGlite', 'PostgreSQL'] as const;
/** PostgreSQL's run needs a server (TEST_DATABASE_URL); the embedded database always runs. */
const runs = (kind: (typeof KINDS)[number]) => kind === 'PGlite' || Boolean(adminUrl);

/**
 * When each round's kill comes once every kind of write has been acknowledged at least once:
 * fixed, so that a failure can be rerun, and counted from then, so that a slow machine still
 * kills in the middle of all of them.
 */
const KILL_AFTER_MS = [500, 1_500, 2_500];

interface Acknowledged {
  /** Lines a guest's cart acknowledged, by cart token: each adds one of the meal. */
  guestAdds: Map<string, number>;
  /** Orders of acknowledged checkouts. */
  orders: string[];
  /** Payments acknowledged as approved. */
  approvedPayments: string[];
  /** Identifiers whose registration was acknowledged. */
  registrations: string[];
}

interface Shopper {
  headers: Record<string, string>;
  meal: KitchenMeal;
}

const api = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

async function post(port: number, path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(api(port, path), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Runs `step` until it throws (the process is gone) or `stopped()` says so. */
async function keepWriting(stopped: () => boolean, step: () => Promise<void>): Promise<void> {
  while (!stopped()) {
    try {
      await step();
    } catch {
      return;
    }
  }
}

for (const kind of KINDS) {
  describe.runIf(runs(kind))(
    `the API killed while shoppers write, on ${kind}${kind === 'PostgreSQL' ? ' (needs PostgreSQL: TEST_DATABASE_URL)' : ''}`,
    () => {
      let folder: string | undefined;
      let testDatabase: TestDatabase | undefined;
      let target: ApiDatabase;
      let shoppers: Shopper[] = [];
      let guestMeal: KitchenMeal;
      const env = { STOREFRONT_SECRET: TEST_CONFIG.storefrontSecret ?? '', ACCOUNT_ANSWER_FLOOR_MS: '0' };

      /** The database as the test reads it between rounds; PGlite's only while no API has it open. */
      async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
        if (testDatabase) return work(testDatabase);
        if (!folder) throw new Error('no folder');
        const database = openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
        try {
          return await work(database);
        } finally {
          await database.close();
        }
      }

      beforeAll(async () => {
        if (kind === 'PGlite') {
          folder = mkdtempSync(join(tmpdir(), 'malewa-crash-'));
          target = { dataDir: folder };
        } else {
          testDatabase = await createTestDatabase(adminUrl);
          if (!testDatabase.url) throw new Error('no URL');
          target = testDatabase.url;
        }
        await withDatabase(async (database) => {
          await database.migrate();
          await seedIfEmpty(database.db);
          await seedCatalogIfEmpty(database.db);
          await openAroundTheClock(database);
          const meals = await kitchenMeals(database);
          const [first] = meals;
          if (!first) throw new Error('no Kenyan meals');
          guestMeal = first;
          const app = await buildTestApp(database);
          try {
            const outbox = await createTestOutbox(database);
            shoppers = [];
            for (let n = 0; n < 4; n++) {
              const session = await signUp(app, database, outbox, { identifier: `crash-${n}@example.com` });
              shoppers.push({
                headers: { ...bearer(session), 'x-store-id': 'KE' },
                meal: meals[n % meals.length] ?? first,
              });
            }
          } finally {
            await app.close();
          }
        });
      }, 180_000);

      afterAll(async () => {
        await testDatabase?.destroy();
        if (folder) rmSync(folder, { recursive: true, force: true });
      });

      it('starts again after each kill with every acknowledged write and no half-written order', async () => {
        for (const [round, killAfterMs] of KILL_AFTER_MS.entries()) {
          const acked: Acknowledged = { guestAdds: new Map(), orders: [], approvedPayments: [], registrations: [] };
          const { server, port } = await startApiProcess(target, env, { readyWithinMs: 120_000 });
          let stopped = false;
          const exited = once(server, 'exit');

          const guests = [0, 1].map(() => randomBytes(32).toString('base64url'));
          const writers = [
            ...guests.map((token) =>
              keepWriting(
                () => stopped,
                async () => {
                  const added = await post(
                    port,
                    '/api/carts/food/items',
                    { 'x-cart-token': token, 'x-store-id': 'KE' },
                    { item: guestMeal.slug, quantity: 1 },
                  );
                  if (added.status === 201) acked.guestAdds.set(token, (acked.guestAdds.get(token) ?? 0) + 1);
                },
              ),
            ),
            ...shoppers.map((shopper, n) =>
              keepWriting(
                () => stopped,
                async () => {
                  const added = await post(port, '/api/carts/food/items', shopper.headers, {
                    item: shopper.meal.slug,
                    quantity: enough(shopper.meal),
                  });
                  if (added.status !== 201) return;
                  const key = randomBytes(18).toString('base64url');
                  // Half pay cash, half by M-Pesa approved on the sandbox's "phone".
                  const payment = n % 2 === 0 ? { method: 'cash' } : { method: 'mpesa', phone: '0712 345 678' };
                  const checkout = await post(
                    port,
                    '/api/carts/food/checkout',
                    { ...shopper.headers, 'idempotency-key': key },
                    { address: addressAt(shopper.meal), payment },
                  );
                  const data = checkout.json.data as
                    | { orders?: { id: string }[]; payment?: { id: string }; id?: string }
                    | undefined;
                  if (checkout.status === 201) acked.orders.push(...(data?.orders ?? []).map((order) => order.id));
                  if (checkout.status === 202) {
                    const paymentId = data?.payment?.id ?? data?.id;
                    if (!paymentId) throw new Error(`no payment in ${JSON.stringify(checkout.json)}`);
                    const decided = await post(port, `/api/payments/${paymentId}/sandbox`, shopper.headers, {
                      decision: 'approve',
                    });
                    if (decided.status === 200) acked.approvedPayments.push(paymentId);
                  }
                },
              ),
            ),
            keepWriting(
              () => stopped,
              async () => {
                const identifier = `crash-r${round}-${randomBytes(4).toString('hex')}@example.com`;
                const registered = await post(
                  port,
                  '/auth/account/register',
                  { 'x-forwarded-for': freshAddress(), [STOREFRONT_SECRET_HEADER]: env.STOREFRONT_SECRET },
                  { name: 'Kibet', surname: 'Test', credential: { identifier, secret: 'a long enough secret here' } },
                );
                if (registered.status === 202) acked.registrations.push(identifier);
              },
            ),
          ];

          // Every kind of write under way and acknowledged, then the kill.
          const counts = () => ({
            'guest cart adds': Math.min(...guests.map((token) => acked.guestAdds.get(token) ?? 0)),
            checkouts: acked.orders.length,
            payments: acked.approvedPayments.length,
            registrations: acked.registrations.length,
          });
          await until(
            `round ${round}: every kind of write acknowledged once`,
            async () => Object.values(counts()).every((count) => count > 0),
            60_000,
          );
          await new Promise((resolve) => setTimeout(resolve, killAfterMs));
          server.kill('SIGKILL');
          await exited;
          stopped = true;
          await Promise.all(writers);

          // The product starts again on what the kill left, and answers for what it acknowledged.
          const again = await startApiProcess(target, env, { readyWithinMs: 120_000 });
          for (const id of acked.orders.slice(0, 5)) {
            const seen = await Promise.all(
              shoppers.map((shopper) => fetch(api(again.port, `/api/orders/${id}`), { headers: shopper.headers })),
            );
            expect(
              seen.map((response) => response.status),
              `round ${round}: order ${id} after the restart`,
            ).toContain(200);
          }
          const stoppedAgain = once(again.server, 'exit');
          again.server.kill('SIGTERM');
          await stoppedAgain;

          await withDatabase(async (database) => {
            const rows = async <T>(query: ReturnType<typeof sql>) =>
              (await database.db.execute(query)) as unknown as { rows: T[] };
            for (const [token, adds] of acked.guestAdds) {
              const { rows: lines } = await rows<{ quantity: string }>(sql`
            select coalesce(sum(l.quantity_milli), 0)::text as quantity from cart_lines l
            join carts c on c.id = l.cart_id
            where c.guest_token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`);
              expect(Number(lines[0]?.quantity) / 1000, `round ${round}: guest cart lines`).toBeGreaterThanOrEqual(
                adds,
              );
            }
            if (acked.orders.length > 0) {
              const { rows: found } = await rows<{ id: string }>(
                sql`select id::text from orders where id::text in (${sql.join(
                  acked.orders.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
              );
              expect(found.length, `round ${round}: acknowledged orders`).toBe(acked.orders.length);
            }
            if (acked.registrations.length > 0) {
              const { rows: found } = await rows<{ n: number }>(
                sql`select count(*)::int as n from credentials where identifier in (${sql.join(
                  acked.registrations.map((identifier) => sql`${identifier}`),
                  sql`, `,
                )})`,
              );
              expect(found[0]?.n, `round ${round}: acknowledged registrations`).toBe(acked.registrations.length);
            }
            if (acked.approvedPayments.length > 0) {
              const { rows: settled } = await rows<{ n: number }>(
                sql`select count(*)::int as n from payments where status <> 'pending' and id::text in (${sql.join(
                  acked.approvedPayments.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
              );
              expect(settled[0]?.n, `round ${round}: acknowledged payments`).toBe(acked.approvedPayments.length);
            }
            // Nothing half-written, acknowledged or not.
            const { rows: broken } = await rows<{ problem: string; n: number }>(sql`
          select 'order without lines' as problem, count(*)::int as n from orders o
            where not exists (select 1 from order_lines l where l.order_id = o.id)
          union all
          select 'order without its placed event', count(*)::int from orders o
            where not exists (select 1 from order_events e where e.order_id = o.id and e.status = 'placed')
          union all
          select 'checkout without orders', count(*)::int from checkouts c
            where not exists (select 1 from orders o where o.checkout_id = c.id)
          union all
          select 'paid payment without its orders', count(*)::int from payments p
            where p.status = 'succeeded'
              and not exists (select 1 from orders o where o.checkout_id = p.checkout_id)
          union all
          select 'order total that does not add up', count(*)::int from orders o
            where o.total <> o.subtotal + o.delivery_fee - o.discount
          union all
          select 'account without its customer role', count(*)::int from users u
            where not exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'customer')`);
            expect(
              broken.filter((row) => row.n > 0),
              `round ${round}`,
            ).toEqual([]);
          });
        }
      }, 600_000);
    },
  );
}
