import type { Db } from '@malewa/db/database';
import { deleteInBatches } from '@malewa/db/delete-in-batches';
import { credentials, resetTokens, verificationCodes } from '@malewa/db/schema/accounts';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';

export type VerificationRow = typeof verificationCodes.$inferSelect;
export type NewVerification = typeof verificationCodes.$inferInsert & { id: string };

/** Proofs of an identifier: confirmation codes and links (`verification_codes`), and reset links (`reset_tokens`). */
export function createVerificationRepository(db: Db) {
  /** Spends every unused confirmation of the credential. */
  async function spendOpenOf(credentialId: string, now: Date): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.credentialId, credentialId), isNull(verificationCodes.usedAt)));
  }

  return {
    async addVerification(verification: NewVerification): Promise<void> {
      await db.insert(verificationCodes).values(verification);
    },

    /** Spends every unused confirmation of the credential: a new registration's, or a confirmed one's, voids them. */
    spendOpenVerifications: (credentialId: string, now: Date) => spendOpenOf(credentialId, now),

    /** Unused, unexpired confirmations sent to `identifier` that still accept attempts. */
    liveVerifications(identifier: string, now: Date, maxAttempts: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.identifier, identifier),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
            lt(verificationCodes.attempts, maxAttempts),
          ),
        );
    },

    async verificationByLink(linkTokenHash: string, now: Date): Promise<VerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.linkTokenHash, linkTokenHash),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        );
      return row;
    },

    async countWrongCode(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(inArray(verificationCodes.id, ids));
    },

    /** Spends one confirmation; false when it was spent meanwhile. */
    async spendVerification(id: string, now: Date): Promise<boolean> {
      const spent = await db
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      return spent.length === 1;
    },

    /** Deletes confirmations that expired before `before`; how many. */
    async deleteVerificationsExpiredBefore(before: Date): Promise<number> {
      return deleteInBatches(db, verificationCodes, verificationCodes.id, lt(verificationCodes.expiresAt, before));
    },

    async addResetToken(token: { credentialId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(resetTokens).values(token);
    },

    async resetTokenByHash(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: resetTokens.id, credentialId: resetTokens.credentialId, userId: credentials.userId })
        .from(resetTokens)
        .innerJoin(credentials, eq(credentials.id, resetTokens.credentialId))
        .where(and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)));
      return row;
    },

    /** Spends one reset link; false when it was spent meanwhile. */
    async spendResetToken(id: string, now: Date): Promise<boolean> {
      const spent = await db
        .update(resetTokens)
        .set({ usedAt: now })
        .where(and(eq(resetTokens.id, id), isNull(resetTokens.usedAt)))
        .returning({ id: resetTokens.id });
      return spent.length === 1;
    },

    /** Voids every unused reset link of the credential (its password just changed). */
    async voidResetTokens(credentialId: string, now: Date): Promise<void> {
      await db
        .update(resetTokens)
        .set({ usedAt: now })
        .where(and(eq(resetTokens.credentialId, credentialId), isNull(resetTokens.usedAt)));
    },

    /** Deletes reset links that expired before `before`; how many. */
    async deleteResetTokensExpiredBefore(before: Date): Promise<number> {
      return deleteInBatches(db, resetTokens, resetTokens.id, lt(resetTokens.expiresAt, before));
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
