import type { Db } from '@malewa/db/database';
import { deleteInBatches } from '@malewa/db/delete-in-batches';
import { credentials, identities, socialFlows, users } from '@malewa/db/schema/accounts';
import { sqlState } from '@malewa/db/sql-state';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

export type IdentityRow = typeof identities.$inferSelect;
export type SocialFlowRow = typeof socialFlows.$inferSelect;
export type NewIdentity = Omit<typeof identities.$inferInsert, 'userId'>;

/** Social sign-in (docs/decisions/0011): provider accounts (`identities`) and sign-ins begun (`social_flows`). */
export function createIdentityRepository(db: Db) {
  return {
    /** Records a started sign-in (maintenance/prune-expired.ts has it removed a day after it expires). */
    async createSocialFlow(flow: typeof socialFlows.$inferInsert): Promise<void> {
      await db.insert(socialFlows).values(flow);
    },

    async socialFlowByStateHash(stateHash: string): Promise<SocialFlowRow | undefined> {
      const [row] = await db.select().from(socialFlows).where(eq(socialFlows.stateHash, stateHash));
      return row;
    },

    /** Spends a flow, unless it was spent meanwhile or has expired: true when this call spent it. */
    async spendSocialFlow(id: string, now: Date): Promise<boolean> {
      const spent = await db
        .update(socialFlows)
        .set({ usedAt: now })
        .where(and(eq(socialFlows.id, id), isNull(socialFlows.usedAt), gt(socialFlows.expiresAt, now)))
        .returning({ id: socialFlows.id });
      return spent.length === 1;
    },

    /** Deletes started sign-ins that expired before `before`; how many. */
    async deleteSocialFlowsExpiredBefore(before: Date): Promise<number> {
      return deleteInBatches(db, socialFlows, socialFlows.id, lt(socialFlows.expiresAt, before));
    },

    async identityBySubject(provider: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
      return row;
    },

    /**
     * The identity of a new account (one opened through the provider). Undefined when the
     * provider account was connected meanwhile (a second callback of the same sign-in racing
     * this one); nothing of it is kept (a savepoint within the caller's transaction).
     */
    async addIdentity(userId: string, identity: NewIdentity): Promise<IdentityRow | undefined> {
      try {
        return await db.transaction(async () => {
          const [added] = await db
            .insert(identities)
            .values({ ...identity, userId })
            .returning();
          return added;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return undefined;
        throw error;
      }
    },

    /** What the provider says now, and when the identity last signed in. */
    async touchIdentity(id: string, seen: { email: string | null; emailVerified: boolean; at: Date }): Promise<void> {
      await db
        .update(identities)
        .set({ email: seen.email, emailVerified: seen.emailVerified, lastSignInAt: seen.at })
        .where(eq(identities.id, id));
    },

    /**
     * Whether an account already answers for `email`: a confirmed sign-in identifier, or an
     * identity whose provider verified the address. Unconfirmed registrations and unverified
     * addresses do not count, so that nobody can block a sign-in by claiming an address.
     */
    async emailInUse(email: string): Promise<boolean> {
      const [credential] = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(and(eq(credentials.identifier, email), sql`${credentials.verifiedAt} is not null`));
      if (credential) return true;
      const [identity] = await db
        .select({ id: identities.id })
        .from(identities)
        .where(and(eq(identities.email, email), eq(identities.emailVerified, true)));
      return identity !== undefined;
    },

    /**
     * The account a provider verified `email` for, with every provider it signs in with (for
     * telling its owner how to sign in), or undefined.
     */
    async socialOwnerOf(email: string): Promise<{ userId: string; locale: string; providers: string[] } | undefined> {
      const [owner] = await db
        .select({ userId: identities.userId, locale: users.locale })
        .from(identities)
        .innerJoin(users, eq(users.id, identities.userId))
        .where(and(eq(identities.email, email), eq(identities.emailVerified, true)));
      if (!owner) return undefined;
      const linked = await db
        .select({ provider: identities.provider })
        .from(identities)
        .where(eq(identities.userId, owner.userId))
        .orderBy(identities.createdAt);
      return { userId: owner.userId, locale: owner.locale, providers: linked.map((row) => row.provider) };
    },

    identitiesOf(userId: string): Promise<IdentityRow[]> {
      return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(identities.createdAt);
    },

    /**
     * Connects a provider account to a user. 'other-account' when that provider account
     * belongs to someone else; 'provider-taken' when the user has another account of that
     * provider already.
     */
    async linkIdentity(
      userId: string,
      identity: NewIdentity,
    ): Promise<IdentityRow | 'other-account' | 'provider-taken'> {
      for (let round = 0; round < 2; round++) {
        const [existing] = await db
          .select()
          .from(identities)
          .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)));
        if (existing) return existing.userId === userId ? existing : 'other-account';
        const [sameProvider] = await db
          .select({ id: identities.id })
          .from(identities)
          .where(and(eq(identities.userId, userId), eq(identities.provider, identity.provider)));
        if (sameProvider) return 'provider-taken';
        try {
          const [linked] = await db
            .insert(identities)
            .values({ ...identity, userId })
            .returning();
          if (linked) return linked;
        } catch (error) {
          // Linked meanwhile (a second callback racing this one): look again.
          if (sqlState(error) !== '23505') throw error;
        }
      }
      throw new Error('linking an identity kept colliding');
    },

    /**
     * Disconnects a provider, unless it is the account's last way to sign in: 'last' then,
     * 'none' when it was not connected. Under a lock of the user's row, so that two unlinks
     * at once cannot both pass the check.
     */
    async unlinkIdentity(userId: string, provider: string): Promise<'unlinked' | 'last' | 'none'> {
      return db.transaction(async () => {
        await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const linked = await db.select().from(identities).where(eq(identities.userId, userId));
        if (!linked.some((row) => row.provider === provider)) return 'none';
        const [credential] = await db
          .select({ id: credentials.id })
          .from(credentials)
          .where(eq(credentials.userId, userId));
        if (!credential && linked.length === 1) return 'last';
        await db.delete(identities).where(and(eq(identities.userId, userId), eq(identities.provider, provider)));
        return 'unlinked';
      });
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
