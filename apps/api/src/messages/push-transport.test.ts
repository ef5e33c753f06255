import { Agent } from 'node:https';
import { outbox } from '@malewa/db/schema/messages';
import { pushSubscriptions } from '@malewa/db/schema/notifications';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushRepository } from '#api/features/notifications/push-repository.ts';
import { signUp } from '#api/testing/accounts.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { fakeBrowserKeys, startPushService } from '#api/testing/push-service.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';
import { deliverDueMessages } from './outbox-worker.ts';
import { createPushTransport } from './push-transport.ts';
import { vapidKeySource } from './vapid-keys.ts';

const quiet = { info() {}, warn() {}, error() {} };
/**
 * "Due" a second ahead: a message queued within the same millisecond has a database timestamp
 * (PostgreSQL's clock, microseconds) just past this process's (testing/outbox.ts).
 */
const soon = () => new Date(Date.now() + 1000);
let database: TestDatabase;
let service: Awaited<ReturnType<typeof startPushService>>;
let userId: string;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  service = await startPushService();
  const app = await buildTestApp(database);
  const outbox = await createTestOutbox(database);
  userId = (await signUp(app, database, outbox, { identifier: 'push.transport@example.com' })).user.id;
  await app.close();
});

afterAll(async () => {
  await service?.close();
  await database?.destroy();
});

/** A push message for a new subscription at `path` of the fake service, queued in the outbox. */
async function queued(path: string, browser = fakeBrowserKeys()) {
  const push = createPushRepository(database.db);
  const id = await push.subscribe(userId, {
    endpoint: `${service.origin}${path}`,
    p256dh: browser.p256dh,
    auth: browser.auth,
  });
  const [row] = await database.db
    .insert(outbox)
    .values({
      channel: 'push',
      recipient: id,
      template: 'order-accepted',
      locale: 'en',
      subject: 'Order accepted',
      body: JSON.stringify({
        title: 'Order accepted',
        body: 'Mama Wanjiku accepted your order',
        url: '/account/orders/x',
      }),
    })
    .returning();
  if (!row) throw new Error('no row');
  return { subscriptionId: id, messageId: row.id, browser };
}

function transport() {
  const push = createPushRepository(database.db);
  const keys = vapidKeySource({ subject: 'mailto:ops@malewa.example', keys: undefined }, push);
  // The fake service's certificate is its own: trusted here only.
  return {
    push,
    keys,
    transport: createPushTransport(push, keys, { agent: new Agent({ rejectUnauthorized: false }) }),
  };
}

describe('the Web Push transport', () => {
  it('sends the message encrypted for the browser, signed with the installation’s VAPID key', async () => {
    const { messageId, browser } = await queued('/send/one');
    const { keys, transport: push } = transport();
    const sent = await deliverDueMessages(database.db, { email: push, sms: push, push }, quiet, soon);
    expect(sent).toBe(1);
    const request = service.received.find((candidate) => candidate.path === '/send/one');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.ttl).toBe('86400');
    expect(request?.headers.urgency).toBe('high');
    const { publicKey } = await keys();
    expect(String(request?.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${publicKey}$`));
    expect(JSON.parse(browser.decrypt(request?.body ?? Buffer.alloc(0)))).toEqual({
      title: 'Order accepted',
      body: 'Mama Wanjiku accepted your order',
      url: '/account/orders/x',
    });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, messageId));
    expect(row).toMatchObject({ body: null, attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps one key pair for every process: the first one made is the one stored', async () => {
    const push = createPushRepository(database.db);
    const one = await vapidKeySource({ subject: 'mailto:a@example.com', keys: undefined }, push)();
    const two = await vapidKeySource({ subject: 'mailto:a@example.com', keys: undefined }, push)();
    expect(two.publicKey).toBe(one.publicKey);
    expect(two.privateKey).toBe(one.privateKey);
    expect(Buffer.from(one.publicKey, 'base64url')).toHaveLength(65);
  });

  it('retries a send the push service refused, then delivers it', async () => {
    service.answer('/send/flaky', 503);
    const { messageId, subscriptionId, browser } = await queued('/send/flaky');
    const { transport: push } = transport();
    expect(await deliverDueMessages(database.db, { email: push, sms: push, push }, quiet, soon)).toBe(0);
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.id, messageId));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: 'push service answered 503' });
    expect(failed?.body).not.toBeNull();
    const [counted] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    expect(counted?.failures).toBe(1);

    service.answer('/send/flaky', 201);
    const later = () => new Date(Date.now() + 31_000);
    expect(await deliverDueMessages(database.db, { email: push, sms: push, push }, quiet, later)).toBe(1);
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, messageId));
    expect(sent).toMatchObject({ attempts: 2, body: null, lastError: null });
    const last = service.received.filter((request) => request.path === '/send/flaky').at(-1);
    expect(JSON.parse(browser.decrypt(last?.body ?? Buffer.alloc(0))).title).toBe('Order accepted');
    const [reset] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    expect(reset?.failures).toBe(0);
  });

  it('forgets a browser the push service says is gone (410, 404), and counts the message done', async () => {
    for (const [path, status] of [
      ['/send/gone', 410],
      ['/send/unknown', 404],
    ] as const) {
      service.answer(path, status);
      const { messageId, subscriptionId } = await queued(path);
      const { transport: push } = transport();
      expect(await deliverDueMessages(database.db, { email: push, sms: push, push }, quiet, soon)).toBe(1);
      expect(
        await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)),
      ).toEqual([]);
      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, messageId));
      expect(row?.sentAt).toBeInstanceOf(Date);
    }
  });
});
