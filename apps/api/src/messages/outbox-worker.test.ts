import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '@malewa/db/database';
import { CODE_TEMPLATES, outbox } from '@malewa/db/schema/messages';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFileDatabase, secondProcessPool } from '../testing/test-app.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import { deliverDueMessages, startOutboxWorker } from './outbox-worker.ts';
import { renderMessage, siteLink } from './templates.ts';
import { createFileTransport, type Transport } from './transports.ts';

let database: TestDatabase;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await createFileDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe('the outbox worker', () => {
  it('retries a message the transport refused, then sends it and erases its body', async () => {
    const [row] = await database.db
      .insert(outbox)
      .values({
        channel: 'sms',
        recipient: '+254712345678',
        template: 'confirm',
        locale: 'sw',
        subject: 's',
        body: 'code 123456',
      })
      .returning();
    if (!row) throw new Error('no row');
    const down: Transport = {
      name: 'down',
      send: async () => {
        throw new Error('gateway unreachable');
      },
    };
    expect(await deliverDueMessages(database.db, { email: down, sms: down }, quiet)).toBe(0);
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: 'gateway unreachable', body: 'code 123456' });
    // Not due again until its back-off has passed.
    expect(await deliverDueMessages(database.db, { email: down, sms: down }, quiet)).toBe(0);

    const dir = await mkdtemp(join(tmpdir(), 'malewa-worker-'));
    const file = createFileTransport(dir);
    const later = () => new Date(Date.now() + 31_000);
    expect(await deliverDueMessages(database.db, { email: file, sms: file }, quiet, later)).toBe(1);
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(sent).toMatchObject({ attempts: 2, body: null, lastError: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    const [name] = await readdir(dir);
    expect(await readFile(join(dir, name ?? ''), 'utf8')).toContain('code 123456');
    await rm(dir, { recursive: true });
  });
});

describe('a message sent that the database does not record', () => {
  it('is logged as sent and not recorded, not as a transport’s failure; dead once its tries are spent', async () => {
    const recipient = '+254799000009';
    // Due at a pinned time long before any run: no other test's message is due with it.
    const at = new Date(Date.UTC(2026, 0, 1, 12));
    const sent: string[] = [];
    const transport: Transport = {
      name: 'counting',
      send: async (message) => {
        sent.push(message.id);
        return {};
      },
    };
    try {
      // The database refuses to record this recipient's message as sent, as a full disk would.
      await database.db.execute(
        sql.raw(`create function refuse_sent() returns trigger language plpgsql as $$
          begin
            if new.sent_at is not null and new.recipient = '${recipient}' then raise exception 'disk full'; end if;
            return new;
          end $$`),
      );
      await database.db.execute(
        sql.raw('create trigger refuse_sent before update on outbox for each row execute function refuse_sent()'),
      );
      const [row] = await database.db
        .insert(outbox)
        .values({
          channel: 'sms',
          recipient,
          template: 'confirm',
          locale: 'en',
          subject: 's',
          body: 'code 654321',
          nextAttemptAt: at,
        })
        .returning();
      if (!row) throw new Error('no row');
      const logged: string[] = [];
      const log = {
        info() {},
        warn(_context: unknown, message?: string) {
          logged.push(`warn: ${message}`);
        },
        error(_context: unknown, message?: string) {
          logged.push(`error: ${message}`);
        },
      };
      const round = (now: Date) =>
        deliverDueMessages(database.db, { email: transport, sms: transport }, log, () => now, 2).then(
          () => undefined,
          (error: unknown) => error,
        );
      const causesOf = (failure: unknown) => {
        const causes: string[] = [];
        for (let error = failure; error instanceof Error; error = error.cause) causes.push(error.message);
        return causes.join(' / ');
      };

      expect(causesOf(await round(at))).toMatch(/disk full/);
      expect(sent).toEqual([row.id]);
      expect(logged).toEqual([
        'error: message sent, but the database did not record it: it will be sent again after its back-off',
      ]);
      const [after] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
      // Claimed (its back-off runs) but not marked failed: the transport did not fail.
      expect(after).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: null, body: 'code 654321' });

      // Its last try: sent again, and dead, so that it is not sent on and on.
      expect(causesOf(await round(new Date(at.getTime() + 31_000)))).toMatch(/disk full/);
      expect(sent).toEqual([row.id, row.id]);
      expect(logged.at(-1)).toBe(
        'error: message sent, but the database did not record it: its tries are spent, so it is dead, not sent again',
      );
      const [dead] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
      expect(dead).toMatchObject({
        attempts: 2,
        sentAt: null,
        lastError: 'sent, but the database did not record it as sent',
      });
      expect(dead?.failedAt).toBeInstanceOf(Date);
      expect(await round(new Date(at.getTime() + 3 * 60 * 60_000))).toBeUndefined();
      expect(sent).toEqual([row.id, row.id]);
    } finally {
      await database.db.execute(sql.raw('drop trigger if exists refuse_sent on outbox'));
      await database.db.execute(sql.raw('drop function if exists refuse_sent()'));
      await database.db.delete(outbox).where(eq(outbox.recipient, recipient));
    }
  });
});

describe('sending a queue', () => {
  /** A transport that takes a moment per message, noting what it sent and how many at once. */
  function recording() {
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    const transport: Transport = {
      name: 'recording',
      send: async (message) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(`${message.recipient} ${message.subject}`);
        inFlight -= 1;
        return {};
      },
    };
    return { transport, sent, most: () => most };
  }

  /**
   * Each subject queued a second after the one before, to every recipient; written last first,
   * so the order written is not the order queued.
   */
  const queue = (recipients: string[], subjects: string[]) =>
    database.db.insert(outbox).values(
      subjects
        .flatMap((subject, index) =>
          recipients.map((recipient) => ({
            channel: 'sms' as const,
            recipient,
            template: 'order-accepted',
            locale: 'en',
            subject,
            body: 'b',
            createdAt: new Date(Date.now() - (subjects.length - index) * 1000),
          })),
        )
        .reverse(),
    );

  it('sends to several people at once, and to each person in the order queued', async () => {
    const people = ['+254700000001', '+254700000002', '+254700000003'];
    await queue(people, ['accepted', 'on the way']);
    const { transport, sent, most } = recording();
    expect(await deliverDueMessages(database.db, { email: transport, sms: transport }, quiet)).toBe(6);
    expect(most()).toBe(3);
    for (const person of people) {
      expect(sent.filter((line) => line.startsWith(person))).toEqual([`${person} accepted`, `${person} on the way`]);
    }
  });

  it('goes straight on while rounds come back full, not a batch per poll', async () => {
    const people = Array.from({ length: 45 }, (_, n) => `+2547100${String(n).padStart(5, '0')}`);
    await queue(people, ['accepted']);
    const { transport, sent } = recording();
    // A poll far longer than the test: only rounds that follow at once can send all 45.
    const worker = startOutboxWorker(database.db, { email: transport, sms: transport }, quiet, {
      pollMs: 600_000,
      maxAttempts: 3,
    });
    try {
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(people.length);
    } finally {
      await worker.stop();
    }
  });
});

describe('the worker while the database is gone', () => {
  it('waits longer after each round that failed, not a poll each', async () => {
    // A server that is not there: every statement is refused at once, for real.
    const gone = openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/gone',
      poolMax: 1,
      statementTimeoutMs: 1_000,
    });
    const failures: number[] = [];
    const log = {
      info() {},
      warn() {},
      error(context: object) {
        failures.push((context as { failedRounds: number }).failedRounds);
      },
    };
    const file = createFileTransport(join(tmpdir(), 'malewa-never-written'));
    const worker = startOutboxWorker(gone.db, { email: file, sms: file }, log, { pollMs: 50, maxAttempts: 3 });
    try {
      // Rounds at 0, 0.1, 0.3 and 0.7 s (waits of 100, 200, 400 ms); a poll each would be 24.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    } finally {
      await worker.stop();
      await gone.close();
    }
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.length).toBeLessThanOrEqual(6);
    expect(failures).toEqual(failures.map((_, index) => index + 1));
  });
});

describe('a message the worker gives up on', () => {
  it('is dead after its tries and claimed no more; retried by an operator, it is sent once', async () => {
    const [row] = await database.db
      .insert(outbox)
      .values({
        channel: 'email',
        recipient: 'dead@example.com',
        template: 'receipt',
        locale: 'en',
        subject: 's',
        body: 'receipt 42',
      })
      .returning();
    if (!row) throw new Error('no row');
    let tries = 0;
    const down: Transport = {
      name: 'down',
      send: async () => {
        tries += 1;
        throw new Error('SMTP connection refused');
      },
    };
    let givenUp = 0;
    const log = {
      ...quiet,
      error() {
        givenUp += 1;
      },
    };
    // Each round an hour later: past any back-off, so each is a try.
    let clock = Date.now();
    const later = () => new Date(clock);
    for (let round = 0; round < 5; round += 1) {
      clock += 60 * 60_000;
      await deliverDueMessages(database.db, { email: down, sms: down }, log, later, 3);
    }
    expect(tries).toBe(3);
    // Logged as an error once, when given up on; the tries before it are warnings.
    expect(givenUp).toBe(1);
    const [dead] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(dead).toMatchObject({ attempts: 3, sentAt: null, body: 'receipt 42', lastError: 'SMTP connection refused' });
    expect(dead?.failedAt).toBeInstanceOf(Date);

    const outboxes = createOutboxRepository(database.db);
    expect(await outboxes.requeueDead(row.id, later())).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'malewa-worker-'));
    const file = createFileTransport(dir);
    expect(await deliverDueMessages(database.db, { email: file, sms: file }, quiet, later, 3)).toBe(1);
    clock += 60 * 60_000;
    expect(await deliverDueMessages(database.db, { email: file, sms: file }, quiet, later, 3)).toBe(0);
    const names = (await readdir(dir)).filter((name) => name.includes('dead@example.com'));
    expect(names).toHaveLength(1);
    expect(await readFile(join(dir, names[0] ?? ''), 'utf8')).toContain('receipt 42');
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(sent).toMatchObject({ attempts: 1, failedAt: null, body: null, lastError: null });
    await rm(dir, { recursive: true });
  });
});

describe('message templates', () => {
  const params = { code: '123456', link: 'L', identifier: 'I', loginLink: 'IN', forgotLink: 'F' };

  it('names only templates it has among the codes sent first', () => {
    // Type-checked too: a name in CODE_TEMPLATES that is no TemplateName does not compile here.
    for (const template of CODE_TEMPLATES) {
      expect(renderMessage(template, 'en', { ...params, providers: 'Google' }).subject.length).toBeGreaterThan(5);
    }
  });

  it.each(['en', 'ar', 'es', 'fr', 'pt', 'sw'])('has every template in %s', (locale) => {
    for (const template of ['confirm', 'already-registered', 'reset', 'password-changed'] as const) {
      const { subject, body } = renderMessage(template, locale, params);
      expect(subject.length).toBeGreaterThan(5);
      expect(body).not.toMatch(/\{\w+\}/);
      if (locale !== 'en') expect(body).not.toBe(renderMessage(template, 'en', params).body);
    }
  });

  it('falls back to French for ln, lu and bas, and to English for the others', () => {
    expect(renderMessage('reset', 'ln', params)).toEqual(renderMessage('reset', 'fr', params));
    expect(renderMessage('reset', 'zu', params)).toEqual(renderMessage('reset', 'en', params));
  });

  it('links into the storefront under the locale prefix, English unprefixed', () => {
    expect(siteLink('https://malewa.example', 'en', '/auth/login')).toBe('https://malewa.example/auth/login');
    expect(siteLink('https://malewa.example', 'ar', '/auth/login')).toBe('https://malewa.example/ar/auth/login');
  });
});

describe.runIf(inject('testDatabaseUrl'))(
  'two API processes delivering at once (needs PostgreSQL: TEST_DATABASE_URL)',
  () => {
    const other = secondProcessPool(() => database);

    it('send each message once', async () => {
      const recipients = Array.from({ length: 90 }, (_, n) => `twice-${n}@example.com`);
      await database.db.insert(outbox).values(
        recipients.map((recipient) => ({
          channel: 'email' as const,
          recipient,
          template: 'confirm',
          locale: 'en',
          subject: 's',
          body: 'b',
        })),
      );
      const sent: string[] = [];
      // A slow gateway: each claim's batch is still being sent when the other process claims.
      const slow: Transport = {
        name: 'slow',
        send: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          sent.push(message.recipient);
          return {};
        },
      };
      const drain = async (db: Db) => {
        // Each round claims at most a batch; until a round finds nothing due.
        while ((await deliverDueMessages(db, { email: slow, sms: slow }, quiet)) > 0);
      };
      await Promise.all([drain(database.db), drain(other().db), drain(database.db), drain(other().db)]);
      const ours = sent.filter((recipient) => recipient.startsWith('twice-'));
      expect(ours.toSorted()).toEqual(recipients.toSorted());
      const left = await database.db.select().from(outbox).where(like(outbox.recipient, 'twice-%'));
      expect(left.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    });
  },
);
