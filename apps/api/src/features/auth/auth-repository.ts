import type { Role } from '@malewa/contracts/auth/roles';
import type { Db } from '@malewa/db/database';
import {
  credentials,
  identities,
  refreshTokens,
  resetTokens,
  sessions,
  socialFlows,
  userRoles,
  users,
  verificationCodes,
} from '@malewa/db/schema/accounts';
import { marketplaces } from '@malewa/db/schema/locations';
import { outbox } from '@malewa/db/schema/messages';
import { notifications } from '@malewa/db/schema/notifications';
import { creditLedger } from '@malewa/db/schema/wallet';
import { sqlState } from '@malewa/db/sql-state';
import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;
export type VerificationRow = typeof verificationCodes.$inferSelect;
export type NewVerification = typeof verificationCodes.$inferInsert & { id: string };
export type NewMessage = Omit<typeof outbox.$inferInsert, 'id'>;
export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** What a registration confirms: the password and profile of the registration that sent the code. */
export interface PendingRegistration {
  passwordHash: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  locale: string;
}

export type IdentityRow = typeof identities.$inferSelect;
export type SocialFlowRow = typeof socialFlows.$inferSelect;

export interface Account {
  user: UserRow;
  /** Null for an account that signs in only through social providers. */
  credential: CredentialRow | null;
  roles: Role[];
}

/** An account that signs in with an identifier and a password. */
export type PasswordAccount = Account & { credential: CredentialRow };

export function hasPassword(account: Account): account is PasswordAccount {
  return account.credential !== null;
}

export interface NewSession {
  userId: string;
  accessTokenHash: string;
  accessExpiresAt: Date;
  expiresAt: Date;
  refreshTokenHash: string;
  refreshExpiresAt: Date;
  clientIp: string;
  userAgent: string | null;
}

export function createAuthRepository(db: Db) {
  async function revokeSessionsOf(
    userId: string,
    reason: string,
    now: Date,
    exceptSessionId?: string,
  ): Promise<number> {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return revoked.length;
  }

  /** What every new account starts with: the user, the customer role, zero store credit, a welcome. */
  async function openAccount(values: typeof users.$inferInsert): Promise<string> {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('insert returned no row');
    await db.insert(userRoles).values({ userId: user.id, role: 'customer' });
    const [market] = await db
      .select({ currencies: marketplaces.currencies })
      .from(marketplaces)
      .where(eq(marketplaces.countryCode, user.market));
    const currency = market?.currencies[0];
    if (!currency) throw new Error(`market ${user.market} has no currency`);
    await db.insert(creditLedger).values({ userId: user.id, currency, amountMinor: 0, reason: 'opening' });
    await db.insert(notifications).values({ userId: user.id, kind: 'welcome' });
    return user.id;
  }

  /** One query for a whole account, so that a known identifier costs as much as an unknown one. */
  function selectAccounts() {
    return (
      db
        .select({
          user: users,
          credential: credentials,
          // Spelled out: a correlated subquery must name the outer table itself.
          roles: sql<
            Role[]
          >`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."id"), '{}')`,
        })
        .from(users)
        // Left: an account opened through a social provider has no credential.
        .leftJoin(credentials, eq(credentials.userId, users.id))
    );
  }

  async function accountOf(userId: string): Promise<Account | undefined> {
    const [row] = await selectAccounts().where(eq(users.id, userId));
    return row;
  }

  return {
    accountOf: (userId: string) => accountOf(userId),

    /** The accounts whose credential has one of `identifiers` (several only for an ambiguous phone). */
    async findByIdentifiers(identifiers: string[]): Promise<PasswordAccount[]> {
      if (identifiers.length === 0) return [];
      return (await selectAccounts().where(inArray(credentials.identifier, identifiers))).filter(hasPassword);
    },

    /**
     * A new account: user, unconfirmed credential, the customer role, the opening (zero) entry of
     * its store credit in the market's main currency, a welcome notification, and the
     * registration's confirmation with its message. Undefined when the identifier was taken
     * meanwhile.
     */
    async createAccount(input: {
      user: typeof users.$inferInsert;
      credential: Omit<typeof credentials.$inferInsert, 'userId'>;
      /** Absent for an account created confirmed (the operator command). */
      verification?: Omit<NewVerification, 'credentialId'>;
      message?: NewMessage;
    }): Promise<PasswordAccount | undefined> {
      try {
        return await db.transaction(async () => {
          const userId = await openAccount(input.user);
          await db.insert(credentials).values({ ...input.credential, userId });
          const account = await accountOf(userId);
          if (!account || !hasPassword(account)) throw new Error('the new account is missing');
          if (input.verification) {
            await db.insert(verificationCodes).values({ ...input.verification, credentialId: account.credential.id });
          }
          if (input.message) await db.insert(outbox).values(input.message);
          return account;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return undefined;
        throw error;
      }
    },

    /**
     * A new account that signs in through a provider: like createAccount, with an identity
     * instead of a credential. Undefined when the identity was created meanwhile (a second
     * callback of the same sign-in racing this one).
     */
    async createSocialAccount(input: {
      user: typeof users.$inferInsert;
      identity: Omit<typeof identities.$inferInsert, 'userId'>;
    }): Promise<Account | undefined> {
      try {
        return await db.transaction(async () => {
          const userId = await openAccount(input.user);
          await db.insert(identities).values({ ...input.identity, userId });
          const account = await accountOf(userId);
          if (!account) throw new Error('the new account is missing');
          return account;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return undefined;
        throw error;
      }
    },

    async addVerification(verification: NewVerification, message: NewMessage): Promise<void> {
      await db.transaction(async () => {
        await db.insert(verificationCodes).values(verification);
        await db.insert(outbox).values(message);
      });
    },

    /**
     * A further registration of an unconfirmed account: its password replaces the earlier
     * registration's, whose codes and links (and any other unused one) are spent, so that only
     * the code this registration sends can confirm the account.
     */
    async replaceRegistration(
      passwordHash: string,
      verification: NewVerification,
      message: NewMessage,
      now: Date,
    ): Promise<void> {
      await db.transaction(async () => {
        await db
          .update(verificationCodes)
          .set({ usedAt: now })
          .where(and(eq(verificationCodes.credentialId, verification.credentialId), isNull(verificationCodes.usedAt)));
        await db
          .update(credentials)
          .set({ passwordHash })
          .where(and(eq(credentials.id, verification.credentialId), isNull(credentials.verifiedAt)));
        await db.insert(verificationCodes).values(verification);
        await db.insert(outbox).values(message);
      });
    },

    /**
     * Where to tell the account about its orders, in its language: its verified sign-in
     * identifier (email or phone), else a verified email a social provider gave; none otherwise.
     */
    async contactOf(userId: string): Promise<{ identifier: string; locale: string } | undefined> {
      const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
      if (!user) return undefined;
      const [credential] = await db
        .select({ identifier: credentials.identifier })
        .from(credentials)
        .where(and(eq(credentials.userId, userId), isNotNull(credentials.verifiedAt)));
      if (credential) return { identifier: credential.identifier, locale: user.locale };
      const [identity] = await db
        .select({ email: identities.email })
        .from(identities)
        .where(and(eq(identities.userId, userId), eq(identities.emailVerified, true), isNotNull(identities.email)));
      return identity?.email ? { identifier: identity.email, locale: user.locale } : undefined;
    },

    async enqueue(message: NewMessage): Promise<void> {
      await db.insert(outbox).values(message);
    },

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

    /**
     * Spends the confirmation and does what it confirms, in one transaction. 'spent' when it
     * was used meanwhile; 'taken' when a new identifier belongs to another account by now.
     */
    async applyVerification(row: VerificationRow, now: Date): Promise<PasswordAccount | 'spent' | 'taken'> {
      try {
        return await db.transaction(async () => {
          const [spent] = await db
            .update(verificationCodes)
            .set({ usedAt: now })
            .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
            .returning({ id: verificationCodes.id });
          if (!spent) return 'spent' as const;
          const [credential] = await db.select().from(credentials).where(eq(credentials.id, row.credentialId));
          if (!credential) return 'spent' as const;
          const wasVerified = credential.verifiedAt !== null;

          if (row.purpose === 'change-identifier') {
            const kind = row.identifier.includes('@') ? 'email' : 'phone';
            await db
              .update(credentials)
              .set({ identifier: row.identifier, kind, verifiedAt: now, updatedAt: now })
              .where(eq(credentials.id, credential.id));
            await db
              .update(users)
              .set({ [kind]: row.identifier, updatedAt: now })
              .where(eq(users.id, credential.userId));
          } else {
            const pending = row.pending as PendingRegistration | null;
            await db
              .update(credentials)
              .set({
                verifiedAt: credential.verifiedAt ?? now,
                updatedAt: now,
                ...(pending ? { passwordHash: pending.passwordHash, passwordChangedAt: now } : {}),
              })
              .where(eq(credentials.id, credential.id));
            if (pending) {
              const { passwordHash: _secret, ...profile } = pending;
              await db
                .update(users)
                .set({ ...profile, updatedAt: now })
                .where(eq(users.id, credential.userId));
            }
          }
          // Every other open confirmation of this credential is void now.
          await db
            .update(verificationCodes)
            .set({ usedAt: now })
            .where(and(eq(verificationCodes.credentialId, credential.id), isNull(verificationCodes.usedAt)));
          if (!wasVerified)
            await db.insert(notifications).values({ userId: credential.userId, kind: 'account-confirmed' });
          const account = await accountOf(credential.userId);
          if (!account || !hasPassword(account)) throw new Error('the confirmed account is missing');
          return account;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return 'taken';
        throw error;
      }
    },

    async addResetToken(
      token: { credentialId: string; tokenHash: string; expiresAt: Date },
      message: NewMessage,
    ): Promise<void> {
      await db.transaction(async () => {
        await db.insert(resetTokens).values(token);
        await db.insert(outbox).values(message);
      });
    },

    /** Deletes confirmations that expired before `before`; how many. */
    async deleteVerificationsExpiredBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(verificationCodes)
        .where(lt(verificationCodes.expiresAt, before))
        .returning({ id: verificationCodes.id });
      return deleted.length;
    },

    /** Deletes reset links that expired before `before`; how many. */
    async deleteResetTokensExpiredBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(resetTokens)
        .where(lt(resetTokens.expiresAt, before))
        .returning({ id: resetTokens.id });
      return deleted.length;
    },

    async resetTokenByHash(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: resetTokens.id, credentialId: resetTokens.credentialId, userId: credentials.userId })
        .from(resetTokens)
        .innerJoin(credentials, eq(credentials.id, resetTokens.credentialId))
        .where(and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)));
      return row;
    },

    /**
     * Sets a new password; ends every session of the user except `keepSessionId`; voids open
     * reset links (and, for a reset, spends `resetTokenId` first: undefined when it was spent
     * meanwhile). A reset also confirms the identifier: the link reached its owner.
     */
    async setPassword(input: {
      userId: string;
      credentialId: string;
      passwordHash: string;
      now: Date;
      resetTokenId?: string;
      keepSessionId?: string;
      message: NewMessage;
    }): Promise<PasswordAccount | undefined> {
      return db.transaction(async () => {
        if (input.resetTokenId) {
          const [spent] = await db
            .update(resetTokens)
            .set({ usedAt: input.now })
            .where(and(eq(resetTokens.id, input.resetTokenId), isNull(resetTokens.usedAt)))
            .returning({ id: resetTokens.id });
          if (!spent) return undefined;
        }
        await db
          .update(credentials)
          .set({
            passwordHash: input.passwordHash,
            passwordChangedAt: input.now,
            updatedAt: input.now,
            ...(input.resetTokenId ? { verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${input.now})` } : {}),
          })
          .where(eq(credentials.id, input.credentialId));
        await db
          .update(resetTokens)
          .set({ usedAt: input.now })
          .where(and(eq(resetTokens.credentialId, input.credentialId), isNull(resetTokens.usedAt)));
        await revokeSessionsOf(input.userId, 'password-changed', input.now, input.keepSessionId);
        await db.insert(notifications).values({ userId: input.userId, kind: 'password-changed' });
        await db.insert(outbox).values(input.message);
        const account = await accountOf(input.userId);
        if (!account || !hasPassword(account)) throw new Error('the account is missing');
        return account;
      });
    },

    async createSession(input: NewSession): Promise<string> {
      return db.transaction(async () => {
        const [session] = await db
          .insert(sessions)
          .values({
            userId: input.userId,
            accessTokenHash: input.accessTokenHash,
            accessExpiresAt: input.accessExpiresAt,
            expiresAt: input.expiresAt,
            clientIp: input.clientIp,
            userAgent: input.userAgent,
          })
          .returning({ id: sessions.id });
        if (!session) throw new Error('insert returned no row');
        await db.insert(refreshTokens).values({
          sessionId: session.id,
          tokenHash: input.refreshTokenHash,
          expiresAt: input.refreshExpiresAt,
        });
        // "New sign-in" means a device the account has not signed in from: never the first
        // sign-in of a new account, nor the next one from the same address and browser.
        const [earlier] = await db
          .select({
            any: sql<boolean>`count(*) > 0`,
            sameDevice: sql<boolean>`coalesce(bool_or(${sessions.clientIp} = ${input.clientIp} and ${sessions.userAgent} is not distinct from ${input.userAgent}), false)`,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, input.userId), ne(sessions.id, session.id)));
        if (earlier?.any && !earlier.sameDevice) {
          const params: Record<string, string> = { clientIp: input.clientIp };
          if (input.userAgent) params.userAgent = input.userAgent.slice(0, 200);
          await db.insert(notifications).values({ userId: input.userId, kind: 'new-sign-in', params });
        }
        return session.id;
      });
    },

    /** The live session behind an access token, with the user's roles: one indexed query. */
    async principalByAccessHash(accessTokenHash: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          // Spelled out: drizzle leaves columns unqualified in a one-table select, which a
          // correlated subquery would read as its own.
          roles: sql<
            Role[]
          >`coalesce((select array_agg(ur.role) from user_roles ur where ur.user_id = "sessions"."user_id"), '{}')`,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.accessTokenHash, accessTokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.accessExpiresAt, now),
            gt(sessions.expiresAt, now),
          ),
        );
      return row;
    },

    async refreshTokenByHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          successorSealed: refreshTokens.successorSealed,
          session: sessions,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * Spends `refreshTokenId`, keeping the pair it became sealed beside it, and gives the
     * session new tokens; false when it was spent meanwhile.
     */
    async rotate(input: {
      sessionId: string;
      refreshTokenId: string;
      successorSealed: string;
      now: Date;
      accessTokenHash: string;
      accessExpiresAt: Date;
      refreshTokenHash: string;
      refreshExpiresAt: Date;
    }): Promise<boolean> {
      return db.transaction(async () => {
        const [spent] = await db
          .update(refreshTokens)
          .set({ usedAt: input.now, successorSealed: input.successorSealed })
          .where(and(eq(refreshTokens.id, input.refreshTokenId), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (!spent) return false;
        await db.insert(refreshTokens).values({
          sessionId: input.sessionId,
          tokenHash: input.refreshTokenHash,
          expiresAt: input.refreshExpiresAt,
        });
        await db
          .update(sessions)
          .set({
            accessTokenHash: input.accessTokenHash,
            accessExpiresAt: input.accessExpiresAt,
            lastRefreshedAt: input.now,
          })
          .where(eq(sessions.id, input.sessionId));
        return true;
      });
    },

    async revokeSession(sessionId: string, reason: string, now: Date): Promise<number> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return revoked.length;
    },

    revokeUserSessions: (userId: string, reason: string, now: Date) => revokeSessionsOf(userId, reason, now),

    /**
     * Deletes sessions that ended (expired, revoked or left idle) before `before`, and their
     * refresh tokens with them: spent tokens are kept while their session lives, so that a
     * reuse is still recognised. How many sessions.
     */
    async deleteSessionsEndedBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before), lt(sessions.lastRefreshedAt, before)))
        .returning({ id: sessions.id });
      return deleted.length;
    },

    async updateProfile(userId: string, profile: Partial<typeof users.$inferInsert>): Promise<Account | undefined> {
      await db.update(users).set(profile).where(eq(users.id, userId));
      return accountOf(userId);
    },

    async identifierTaken(identifier: string): Promise<boolean> {
      const [row] = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(eq(credentials.identifier, identifier));
      return row !== undefined;
    },

    /** Gives an account a role. */
    async grantRole(userId: string, role: Role): Promise<void> {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },

    async confirmCredential(credentialId: string, now: Date): Promise<void> {
      await db
        .update(credentials)
        .set({ verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${now})` })
        .where(eq(credentials.id, credentialId));
    },

    // ─── Social sign-in ───────────────────────────────────────────────────────────────────

    /** Records a started sign-in (maintenance/prune-expired.ts removes it a day after it expires). */
    async createSocialFlow(flow: typeof socialFlows.$inferInsert): Promise<void> {
      await db.insert(socialFlows).values(flow);
    },

    /** Deletes started sign-ins that expired before `before`; how many. */
    async deleteSocialFlowsExpiredBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(socialFlows)
        .where(lt(socialFlows.expiresAt, before))
        .returning({ id: socialFlows.id });
      return deleted.length;
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

    async identityBySubject(provider: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(identities)
        .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
      return row;
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
      identity: Omit<typeof identities.$inferInsert, 'userId'>,
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

export type AuthRepository = ReturnType<typeof createAuthRepository>;
