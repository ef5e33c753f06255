import { credentials, resetTokens, sessions, socialFlows, users, verificationCodes } from '@malewa/db/schema/accounts';
import { outbox } from '@malewa/db/schema/messages';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
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

    const owners = {
      verification: createVerificationRepository(db),
      identities: createIdentityRepository(db),
      sessions: createSessionRepository(db),
      outbox: createOutboxRepository(db),
      jobs: createJobRepository(db),
    };
    expect(await pruneExpired(owners, now)).toEqual({
      verificationCodes: 1,
      resetTokens: 1,
      socialFlows: 1,
      sessions: 2,
      messages: 2,
      // Positions are pruned in the delivery tests, which make jobs to carry them.
      riderPositions: 0,
    });
    expect((await db.select().from(socialFlows)).map((f) => f.stateHash)).toEqual(['flow-live']);
    expect((await db.select().from(sessions)).map((s) => s.accessTokenHash).sort()).toEqual(['alive', 'ended-lately']);
    // A dead message stays a month, its body with it, for an operator to send again.
    const kept = (await db.select().from(outbox)).map((message) => message.body ?? 'sent');
    expect(kept.sort()).toEqual(['dead, kept for a retry', 'pending', 'sent']);
  });
});
