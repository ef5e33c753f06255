import type { Role } from '@malewa/contracts/auth/roles';
import type { Db } from '@malewa/db/database';
import {
  credentials,
  creditLedger,
  marketplaces,
  notifications,
  outbox,
  refreshTokens,
  resetTokens,
  sessions,
  userRoles,
  users,
  verificationCodes,
} from '@malewa/db/schema';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';

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

export interface Account {
  user: UserRow;
  credential: CredentialRow;
  roles: Role[];
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The PostgreSQL error code behind a failed query (drizzle wraps the driver's error). */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

async function revokeSessionsOf(
  tx: Tx | Db,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const revoked = await tx
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

export function createAuthRepository(db: Db) {
  /** One query for a whole account, so that a known identifier costs as much as an unknown one. */
  function selectAccounts(tx: Tx | Db) {
    return tx
      .select({
        user: users,
        credential: credentials,
        // Spelled out: a correlated subquery must name the outer table itself.
        roles: sql<
          Role[]
        >`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."id"), '{}')`,
      })
      .from(users)
      .innerJoin(credentials, eq(credentials.userId, users.id));
  }

  async function accountOf(tx: Tx | Db, userId: string): Promise<Account | undefined> {
    const [row] = await selectAccounts(tx).where(eq(users.id, userId));
    return row;
  }

  return {
    accountOf: (userId: string) => accountOf(db, userId),

    /** The accounts whose credential has one of `identifiers` (several only for an ambiguous phone). */
    async findByIdentifiers(identifiers: string[]): Promise<Account[]> {
      if (identifiers.length === 0) return [];
      return selectAccounts(db).where(inArray(credentials.identifier, identifiers));
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
    }): Promise<Account | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx.insert(users).values(input.user).returning();
          if (!user) throw new Error('insert returned no row');
          await tx.insert(credentials).values({ ...input.credential, userId: user.id });
          await tx.insert(userRoles).values({ userId: user.id, role: 'customer' });
          const [market] = await tx
            .select({ currencies: marketplaces.currencies })
            .from(marketplaces)
            .where(eq(marketplaces.countryCode, user.market));
          const currency = market?.currencies[0];
          if (!currency) throw new Error(`market ${user.market} has no currency`);
          await tx.insert(creditLedger).values({ userId: user.id, currency, amountMinor: 0, reason: 'opening' });
          await tx.insert(notifications).values({ userId: user.id, kind: 'welcome' });
          const account = await accountOf(tx, user.id);
          if (!account) throw new Error('the new account is missing');
          if (input.verification) {
            await tx.insert(verificationCodes).values({ ...input.verification, credentialId: account.credential.id });
          }
          if (input.message) await tx.insert(outbox).values(input.message);
          return account;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return undefined;
        throw error;
      }
    },

    async addVerification(verification: NewVerification, message: NewMessage): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(verificationCodes).values(verification);
        await tx.insert(outbox).values(message);
      });
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
    async applyVerification(row: VerificationRow, now: Date): Promise<Account | 'spent' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [spent] = await tx
            .update(verificationCodes)
            .set({ usedAt: now })
            .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
            .returning({ id: verificationCodes.id });
          if (!spent) return 'spent' as const;
          const [credential] = await tx.select().from(credentials).where(eq(credentials.id, row.credentialId));
          if (!credential) return 'spent' as const;
          const wasVerified = credential.verifiedAt !== null;

          if (row.purpose === 'change-identifier') {
            const kind = row.identifier.includes('@') ? 'email' : 'phone';
            await tx
              .update(credentials)
              .set({ identifier: row.identifier, kind, verifiedAt: now, updatedAt: now })
              .where(eq(credentials.id, credential.id));
            await tx
              .update(users)
              .set({ [kind]: row.identifier, updatedAt: now })
              .where(eq(users.id, credential.userId));
          } else {
            const pending = row.pending as PendingRegistration | null;
            await tx
              .update(credentials)
              .set({
                verifiedAt: credential.verifiedAt ?? now,
                updatedAt: now,
                ...(pending ? { passwordHash: pending.passwordHash, passwordChangedAt: now } : {}),
              })
              .where(eq(credentials.id, credential.id));
            if (pending) {
              const { passwordHash: _secret, ...profile } = pending;
              await tx
                .update(users)
                .set({ ...profile, updatedAt: now })
                .where(eq(users.id, credential.userId));
            }
          }
          // Every other open confirmation of this credential is void now.
          await tx
            .update(verificationCodes)
            .set({ usedAt: now })
            .where(and(eq(verificationCodes.credentialId, credential.id), isNull(verificationCodes.usedAt)));
          if (!wasVerified)
            await tx.insert(notifications).values({ userId: credential.userId, kind: 'account-confirmed' });
          const account = await accountOf(tx, credential.userId);
          if (!account) throw new Error('the confirmed account is missing');
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
      await db.transaction(async (tx) => {
        await tx.insert(resetTokens).values(token);
        await tx.insert(outbox).values(message);
      });
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
    }): Promise<Account | undefined> {
      return db.transaction(async (tx) => {
        if (input.resetTokenId) {
          const [spent] = await tx
            .update(resetTokens)
            .set({ usedAt: input.now })
            .where(and(eq(resetTokens.id, input.resetTokenId), isNull(resetTokens.usedAt)))
            .returning({ id: resetTokens.id });
          if (!spent) return undefined;
        }
        await tx
          .update(credentials)
          .set({
            passwordHash: input.passwordHash,
            passwordChangedAt: input.now,
            updatedAt: input.now,
            ...(input.resetTokenId ? { verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${input.now})` } : {}),
          })
          .where(eq(credentials.id, input.credentialId));
        await tx
          .update(resetTokens)
          .set({ usedAt: input.now })
          .where(and(eq(resetTokens.credentialId, input.credentialId), isNull(resetTokens.usedAt)));
        await revokeSessionsOf(tx, input.userId, 'password-changed', input.now, input.keepSessionId);
        await tx.insert(notifications).values({ userId: input.userId, kind: 'password-changed' });
        await tx.insert(outbox).values(input.message);
        const account = await accountOf(tx, input.userId);
        if (!account) throw new Error('the account is missing');
        return account;
      });
    },

    async createSession(input: NewSession): Promise<string> {
      return db.transaction(async (tx) => {
        const [session] = await tx
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
        await tx.insert(refreshTokens).values({
          sessionId: session.id,
          tokenHash: input.refreshTokenHash,
          expiresAt: input.refreshExpiresAt,
        });
        const params: Record<string, string> = { clientIp: input.clientIp };
        if (input.userAgent) params.userAgent = input.userAgent.slice(0, 200);
        await tx.insert(notifications).values({ userId: input.userId, kind: 'new-sign-in', params });
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
          session: sessions,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** Spends `refreshTokenId` and gives the session new tokens; false when it was spent meanwhile. */
    async rotate(input: {
      sessionId: string;
      refreshTokenId: string;
      now: Date;
      accessTokenHash: string;
      accessExpiresAt: Date;
      refreshTokenHash: string;
      refreshExpiresAt: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [spent] = await tx
          .update(refreshTokens)
          .set({ usedAt: input.now })
          .where(and(eq(refreshTokens.id, input.refreshTokenId), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (!spent) return false;
        await tx.insert(refreshTokens).values({
          sessionId: input.sessionId,
          tokenHash: input.refreshTokenHash,
          expiresAt: input.refreshExpiresAt,
        });
        await tx
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

    revokeUserSessions: (userId: string, reason: string, now: Date) => revokeSessionsOf(db, userId, reason, now),

    async updateProfile(userId: string, profile: Partial<typeof users.$inferInsert>): Promise<Account | undefined> {
      await db.update(users).set(profile).where(eq(users.id, userId));
      return accountOf(db, userId);
    },

    async identifierTaken(identifier: string): Promise<boolean> {
      const [row] = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(eq(credentials.identifier, identifier));
      return row !== undefined;
    },

    async grantRole(userId: string, role: Role): Promise<void> {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },

    async confirmCredential(credentialId: string, now: Date): Promise<void> {
      await db
        .update(credentials)
        .set({ verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${now})` })
        .where(eq(credentials.id, credentialId));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
