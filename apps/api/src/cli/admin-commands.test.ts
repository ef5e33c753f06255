import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiDatabase, databaseEnv, freePort, startApiProcess } from '../testing/process.ts';

// Each test runs commands as processes of their own (Node, then the database): a minute each
// on a busy two-core machine, where a command's start alone takes seconds.

/**
 * The README's admin commands, run as a person runs them while `npm start` serves: on the
 * embedded database they reach the running product (it alone may open the folder); on
 * PostgreSQL they open the database beside it. Then backup, restore into a new place, restarts.
 */
const adminUrl = inject('testDatabaseUrl');
const KINDS = ['PGlite', 'PostgreSQL'] as const;
/** PostgreSQL's run needs a server (TEST_DATABASE_URL); the embedded database always runs. */
const runs = (kind: (typeof KINDS)[number]) => kind === 'PGlite' || Boolean(adminUrl);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SHOP = 'choma-junction-south-b';
const OPERATOR = { identifier: 'first-operator@example.com', password: 'a long operator secret' };

/** `node <script> <args>` as `npm run` runs it, on the product's database; its output and code. */
async function command(target: ApiDatabase, script: string, args: string[], input = '') {
  const child = spawn(process.execPath, [join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...databaseEnv(target), LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin.end(input);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

async function signIn(port: number, identifier: string, secret: string) {
  const response = await fetch(`http://127.0.0.1:${port}/auth/account/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, secret }),
  });
  const body = (await response.json()) as { data?: { accessToken: string; user: { roles: string[] } } };
  return { status: response.status, roles: body.data?.user.roles ?? [], token: body.data?.accessToken ?? '' };
}

const SHOPPER = { identifier: 'backed-up-shopper@example.com', password: 'a long shopper secret' };

/** The confirmation code the running product wrote to `outbox` for `identifier`. */
async function codeFor(outbox: string, identifier: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    for (const name of readdirSync(outbox).sort().reverse()) {
      const text = readFileSync(join(outbox, name), 'utf8');
      const code = text.includes(`To: ${identifier}`)
        ? /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))
        : null;
      if (code?.[1]) return code[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${identifier} in ${outbox}`);
}

/**
 * A shopper registers, confirms and places a cash order in Nairobi, all through the running
 * product's API, as the storefront would: the order a backup must keep.
 */
async function placeAnOrder(port: number, outbox: string): Promise<string> {
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as { data?: unknown } };
  };
  type Money = { amount: number };
  type Cart = { groups: { lines: { id: string }[]; provider: { minimumOrder: Money }; deliversNow: boolean | null }[] };
  const registered = await api('POST', '/auth/account/register', {
    name: 'Wanjiru',
    surname: 'Test',
    credential: { identifier: SHOPPER.identifier, secret: SHOPPER.password },
  });
  if (registered.status !== 202) throw new Error(`register: ${JSON.stringify(registered)}`);
  const token = await codeFor(outbox, SHOPPER.identifier);
  const confirmed = await api('POST', '/auth/verification/confirm', { identifier: SHOPPER.identifier, token });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed)}`);
  const session = await signIn(port, SHOPPER.identifier, SHOPPER.password);
  const [nairobi] = (await api('GET', '/api/locations?searchKeyword=nairobi')).body.data as {
    id: string;
    latitude: number;
    longitude: number;
  }[];
  if (!nairobi) throw new Error('no Nairobi');
  const headers = { authorization: `Bearer ${session.token}`, 'x-store-location': nairobi.id };
  const meals = (await api('GET', '/api/food/meals?perPage=48', undefined, headers)).body.data as {
    slug: string;
    price: Money;
    delivery: unknown;
  }[];
  for (const meal of meals.filter((card) => card.delivery)) {
    const added = await api('POST', '/api/carts/food/items', { item: meal.slug, quantity: 1 }, headers);
    if (added.status !== 201) continue;
    const group = (added.body.data as Cart).groups[0];
    const line = group?.lines[0];
    if (!group || !line) throw new Error(`no line in ${JSON.stringify(added.body)}`);
    const enough = Math.ceil(group.provider.minimumOrder.amount / meal.price.amount);
    if (enough > 1) await api('PATCH', `/api/carts/food/items/${line.id}`, { quantity: enough }, headers);
    // As soon as possible while the kitchen is open, else its first delivery window.
    const deliverAt = group.deliversNow
      ? undefined
      : ((await api('GET', '/api/carts/food/delivery-slots', undefined, headers)).body.data as { slots: string[] })
          .slots[0];
    const placed = await api(
      'POST',
      '/api/carts/food/checkout',
      {
        address: {
          recipient: 'Wanjiru Test',
          phone: '0712 345 678',
          line: 'Kindaruma Road, House 14',
          area: 'Kilimani',
          city: 'Nairobi',
          latitude: nairobi.latitude,
          longitude: nairobi.longitude,
        },
        payment: { method: 'cash' },
        ...(deliverAt ? { deliverAt } : {}),
      },
      { ...headers, 'idempotency-key': 'backed-up-order-0001' },
    );
    const order = (placed.body.data as { orders?: { id: string }[] } | undefined)?.orders?.[0];
    if (placed.status === 201 && order) return order.id;
    throw new Error(`checkout: ${JSON.stringify(placed)}`);
  }
  throw new Error('no meal of Nairobi could go into a cart');
}

async function stop(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill(signal);
  await exited;
}

for (const kind of KINDS) {
  describe.runIf(runs(kind))(
    `the admin commands while the product runs on ${kind}${kind === 'PostgreSQL' ? ' (needs PostgreSQL: TEST_DATABASE_URL)' : ''}`,
    () => {
      const folders: string[] = [];
      const databases: TestDatabase[] = [];
      const servers: ChildProcess[] = [];

      async function newTarget(): Promise<ApiDatabase> {
        if (kind === 'PGlite') {
          const folder = mkdtempSync(join(tmpdir(), 'malewa-admin-'));
          folders.push(folder);
          return { dataDir: folder };
        }
        const database = await createTestDatabase(adminUrl, { migrated: false });
        databases.push(database);
        // Empty: the product migrates and seeds it on start, as README users get it.
        await database.close();
        if (!database.url) throw new Error('no URL');
        return database.url;
      }

      const outbox = mkdtempSync(join(tmpdir(), 'malewa-admin-outbox-'));
      folders.push(outbox);

      async function start(target: ApiDatabase) {
        const started = await startApiProcess(
          target,
          { OUTBOX_DIR: outbox, OUTBOX_POLL_MS: '100' },
          { readyWithinMs: 120_000 },
        );
        servers.push(started.server);
        return started;
      }

      let target: ApiDatabase;
      let product: Awaited<ReturnType<typeof start>>;

      beforeAll(async () => {
        target = await newTarget();
        product = await start(target);
      }, 180_000);

      afterAll(async () => {
        for (const server of servers) await stop(server, 'SIGKILL');
        for (const database of databases) await database.destroy().catch(() => undefined);
        for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      });

      it('makes the first operator, who signs in at once', async () => {
        const made = await command(
          target,
          'apps/api/src/cli/create-operator.ts',
          [OPERATOR.identifier],
          `${OPERATOR.password}\n`,
        );
        expect(made, made.output).toMatchObject({ code: 0 });
        expect(made.output).toContain(`Created the operator ${OPERATOR.identifier}`);
        const session = await signIn(product.port, OPERATOR.identifier, OPERATOR.password);
        expect(session.status).toBe(200);
        expect(session.roles).toContain('operator');

        const again = await command(target, 'apps/api/src/cli/create-operator.ts', [OPERATOR.identifier]);
        expect(again.output).toContain('is an operator now (the password is unchanged)');
        const refused = await command(target, 'apps/api/src/cli/create-operator.ts', ['not an address']);
        expect(refused.code).toBe(1);
      }, 60_000);

      it('lets an account run a shop, which its next sign-in shows', async () => {
        const made = await command(target, 'apps/api/src/cli/add-provider-member.ts', [OPERATOR.identifier, SHOP]);
        expect(made, made.output).toMatchObject({ code: 0 });
        expect(made.output).toContain(`now runs`);
        const session = await signIn(product.port, OPERATOR.identifier, OPERATOR.password);
        expect(session.roles).toContain('provider');
        const shops = await fetch(`http://127.0.0.1:${product.port}/api/provider/shops`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        expect(JSON.stringify(await shops.json())).toContain(SHOP);

        const unknown = await command(target, 'apps/api/src/cli/add-provider-member.ts', [
          OPERATOR.identifier,
          'no-shop',
        ]);
        expect(unknown.code).toBe(1);
        expect(unknown.output).toContain('No shop has the slug no-shop');
      }, 60_000);

      it('migrates and seeds while it runs', async () => {
        const migrated = await command(target, 'apps/api/src/cli/migrate.ts', []);
        expect(migrated, migrated.output).toMatchObject({ code: 0 });
        expect(migrated.output).toContain('Migrations applied');
        const seeded = await command(target, 'apps/api/src/cli/migrate.ts', ['--seed']);
        expect(seeded.output).toContain('already has a catalog: none seeded');
      }, 60_000);

      it.runIf(kind === 'PGlite')(
        'refuses a second API on the same folder, and the first serves on',
        async () => {
          const second = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
            env: {
              PATH: process.env.PATH ?? '',
              ...databaseEnv(target),
              API_PORT: String(await freePort()),
              API_HOST: '127.0.0.1',
              METRICS_PORT: 'off',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          servers.push(second);
          let output = '';
          second.stderr.on('data', (chunk) => {
            output += chunk;
          });
          const [code] = (await once(second, 'exit')) as [number | null];
          expect(code).toBe(1);
          expect(output).toContain(
            `The embedded database in ${join((target as { dataDir: string }).dataDir, 'pglite')}`,
          );
          expect(output).toContain(`in use by process ${product.server.pid}`);
          expect(output).toContain('Stop that process first');
          const session = await signIn(product.port, OPERATOR.identifier, OPERATOR.password);
          expect(session.status).toBe(200);
        },
        60_000,
      );

      it('backs up while it runs; the backup restored into a new place starts with the same accounts and orders', async () => {
        const order = await placeAnOrder(product.port, outbox);
        const file = join(mkdtempSync(join(tmpdir(), 'malewa-backup-')), 'backup');
        folders.push(file.replace(/\/backup$/, ''));
        const backedUp = await command(target, 'apps/api/src/cli/backup.ts', [file]);
        expect(backedUp, backedUp.output).toMatchObject({ code: 0 });
        expect(existsSync(file)).toBe(true);

        const elsewhere = await newTarget();
        if (kind === 'PGlite') {
          // Into the folder the product is using: refused, and the product is unharmed.
          const over = await command(target, 'apps/api/src/cli/restore.ts', [file]);
          expect(over.code).toBe(1);
          expect(over.output).toContain('never over data');
        }
        const restored = await command(elsewhere, 'apps/api/src/cli/restore.ts', [file]);
        expect(restored, restored.output).toMatchObject({ code: 0 });
        const copy = await start(elsewhere);
        const session = await signIn(copy.port, OPERATOR.identifier, OPERATOR.password);
        expect(session.status).toBe(200);
        expect(session.roles).toEqual(expect.arrayContaining(['operator', 'provider']));
        const shopper = await signIn(copy.port, SHOPPER.identifier, SHOPPER.password);
        const orders = await fetch(`http://127.0.0.1:${copy.port}/api/orders/${order}`, {
          headers: { authorization: `Bearer ${shopper.token}` },
        });
        expect(orders.status).toBe(200);
        expect(((await orders.json()) as { data: { lines: unknown[] } }).data.lines.length).toBeGreaterThan(0);
        await stop(copy.server);
      }, 60_000);

      it('keeps the operator across a restart, and across a kill that left its lock behind', async () => {
        await stop(product.server);
        product = await start(target);
        expect((await signIn(product.port, OPERATOR.identifier, OPERATOR.password)).status).toBe(200);
        await stop(product.server, 'SIGKILL');
        if (kind === 'PGlite')
          expect(existsSync(join((target as { dataDir: string }).dataDir, 'pglite.lock'))).toBe(true);
        product = await start(target);
        expect((await signIn(product.port, OPERATOR.identifier, OPERATOR.password)).status).toBe(200);
      }, 60_000);
    },
  );
}
