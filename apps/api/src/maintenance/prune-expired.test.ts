import { credentials, resetTokens, sessions, socialFlows, users, verificationCodes } from '@malewa/db/schema/accounts';
import { outbox } from '@malewa/db/schema/messages';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityRepository } from '../features/auth/identity-repository.ts';
import { createSessionRepository } from '../features/auth/session-repository.ts';
import { createVerificationRepository } from '../features/auth/verification-repository.ts';
import { createJobRepository } from '../features/delivery/job-repository.ts';
import { createOutboxRepository } from '../messages/outbox-repository.ts';
import { createFileDatabase } from '../testing/test-app.ts';
import { pruneExpired } from './prune-expired.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

const now = new Date('2026-11-22T12:00:00Z');
const owners = () => ({
  verification: createVerificationRepository(database.db),
  identities: createIdentityRepository(database.db),
  sessions: createSessionRepository(database.db),
  outbox: createOutboxRepository(database.db),
  jobs: createJobRepository(database.db),
});
const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

describe('pruneExpired', () => {
  it('deletes only what can no longer be used, past its keeping time', async () => {
    const db = database.db;
    const [user] = await db.insert(users).values({ name: 'P', surname: 'Rune', market: 'ZA' }).returning();
    if (!user) throw new Error('no user');
    const [credential] = await db
      .insert(credentials)
      .values({ userId: user.id, kind: 'email', identifier: 'prune@example.com', passwordHash: 'x' })
      .returning();
    if (!credential) throw new Error('no credential');
    const code = (id: string, expiresAt: Date) => ({
      id,
      credentialId: credential.id,
      purpose: 'verify' as const,
      identifier: 'prune@example.com',
      codeHash: id,
      linkTokenHash: id,
      expiresAt,
    });
    await db
      .insert(verificationCodes)
      .values([
        code('00000000-0000-4000-8000-000000000001', ago(2)),
        code('00000000-0000-4000-8000-000000000002', ago(0.5)),
      ]);
    await db.insert(resetTokens).values([
      { credentialId: credential.id, tokenHash: 'old', expiresAt: ago(2) },
      { credentialId: credential.id, tokenHash: 'live', expiresAt: now },
    ]);
    const session = (hash: string, values: Partial<typeof sessions.$inferInsert>) => ({
      userId: user.id,
      accessTokenHash: hash,
      accessExpiresAt: now,
      expiresAt: now,
      lastRefreshedAt: ago(1),
      ...values,
    });
    await db
      .insert(sessions)
      .values([
        session('ended-long-ago', { revokedAt: ago(31) }),
        session('ended-lately', { revokedAt: ago(2) }),
        session('idle-a-month', { lastRefreshedAt: ago(31) }),
        session('alive', {}),
      ]);
    const flow = (stateHash: string, expiresAt: Date) => ({
      provider: 'google',
      stateHash,
      flowTokenHash: stateHash,
      redirectUri: 'https://shop.example/auth/account/google/callback',
      intent: 'sign-in' as const,
      locale: 'en',
      market: 'ZA',
      expiresAt,
    });
    await db.insert(socialFlows).values([flow('flow-old', ago(2)), flow('flow-live', now)]);
    const mail = { channel: 'email' as const, recipient: 'p@example.com', template: 't', locale: 'en', subject: 's' };
    await db.insert(outbox).values([
      { ...mail, sentAt: ago(31) },
      { ...mail, sentAt: ago(1) },
      { ...mail, failedAt: ago(40), body: 'dead a month ago' },
      { ...mail, failedAt: ago(29), body: 'dead, kept for a retry' },
      { ...mail, body: 'pending' },
    ]);

    expect(await pruneExpired(owners(), now)).toEqual({
      deleted: {
        verificationCodes: 1,
        resetTokens: 1,
        socialFlows: 1,
        sessions: 2,
        messages: 2,
        // Positions are pruned in the delivery tests, which make jobs to carry them.
        riderPositions: 0,
      },
      failed: {},
    });
    expect((await db.select().from(socialFlows)).map((f) => f.stateHash)).toEqual(['flow-live']);
    expect((await db.select().from(sessions)).map((s) => s.accessTokenHash).sort()).toEqual(['alive', 'ended-lately']);
    // A dead message stays a month, its body with it, for an operator to send again.
    const kept = (await db.select().from(outbox)).map((message) => message.body ?? 'sent');
    expect(kept.sort()).toEqual(['dead, kept for a retry', 'pending', 'sent']);
  });
  it('prunes the other tables when one refuses, and reports that one', async () => {
    const db = database.db;
    const mail = { channel: 'email' as const, recipient: 'q@example.com', template: 't', locale: 'en', subject: 's' };
    await db.insert(outbox).values([{ ...mail, sentAt: ago(45), body: 'sent long ago' }]);
    await db.execute(sql`
      create function refuse_session_deletes() returns trigger language plpgsql as $$
      begin raise exception 'sessions are locked'; end $$`);
    await db.execute(
      sql`create trigger refuse_session_deletes before delete on sessions for each row execute function refuse_session_deletes()`,
    );
    const [user] = await db.insert(users).values({ name: 'Q', surname: 'Locked', market: 'ZA' }).returning();
    if (!user) throw new Error('no user');
    await db.insert(sessions).values({
      userId: user.id,
      accessTokenHash: 'locked-and-ended',
      accessExpiresAt: now,
      expiresAt: now,
      lastRefreshedAt: ago(40),
    });
    let pruned: Awaited<ReturnType<typeof pruneExpired>>;
    try {
      pruned = await pruneExpired(owners(), now);
    } finally {
      await db.execute(sql`drop trigger refuse_session_deletes on sessions`);
      await db.execute(sql`drop function refuse_session_deletes()`);
    }
    expect(Object.keys(pruned.failed)).toEqual(['sessions']);
    // The messages after it in the round were pruned all the same.
    expect(pruned.deleted.messages).toBe(1);
    expect(pruned.deleted.riderPositions).toBe(0);
    expect((await db.select().from(outbox)).map((message) => message.body)).not.toContain('sent long ago');
    // An hour on, the sessions go too.
    expect((await pruneExpired(owners(), now)).deleted.sessions).toBe(1);
  });
});
