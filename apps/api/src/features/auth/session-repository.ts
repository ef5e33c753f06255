import type { Role } from '@malewa/contracts/auth/roles';
import type { Db } from '@malewa/db/database';
import { deleteInBatches } from '@malewa/db/delete-in-batches';
import { refreshTokens, sessions } from '@malewa/db/schema/accounts';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { createPreparedStatements } from '#api/prepared-statements-sql.ts';

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

/** Sign-ins: `sessions` and their `refresh_tokens` (docs/decisions/0005, 0014). */
export function createSessionRepository(db: Db) {
  // Every signed-in request looks its session up: built once (decision 25).
  const prepared = createPreparedStatements();
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

  return {
    /**
     * A new session and its first refresh token. `newDevice`: the account has signed in before,
     * never from this address and browser ("new sign-in" means a device the account has not
     * signed in from: never the first sign-in of a new account, nor the next one from the same
     * address and browser).
     */
    async createSession(input: NewSession): Promise<{ sessionId: string; newDevice: boolean }> {
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
        const [earlier] = await db
          .select({
            any: sql<boolean>`count(*) > 0`,
            sameDevice: sql<boolean>`coalesce(bool_or(${sessions.clientIp} = ${input.clientIp} and ${sessions.userAgent} is not distinct from ${input.userAgent}), false)`,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, input.userId), ne(sessions.id, session.id)));
        return { sessionId: session.id, newDevice: Boolean(earlier?.any && !earlier.sameDevice) };
      });
    },

    /** The live session behind an access token, with the user's roles: one indexed query. */
    async principalByAccessHash(accessTokenHash: string, now: Date) {
      const values = { accessTokenHash, now: now.toISOString() };
      const [row] = await prepared('principal', '', values, (bind) =>
        db
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
              eq(sessions.accessTokenHash, bind('accessTokenHash') as string),
              isNull(sessions.revokedAt),
              sql`${sessions.accessExpiresAt} > ${bind('now')}::timestamptz`,
              sql`${sessions.expiresAt} > ${bind('now')}::timestamptz`,
            ),
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

    /** Ends every live session of the user, but `exceptSessionId`; how many. */
    revokeUserSessions: (userId: string, reason: string, now: Date, exceptSessionId?: string) =>
      revokeSessionsOf(userId, reason, now, exceptSessionId),

    /**
     * Deletes sessions that ended (expired, revoked or left idle) before `before`, and their
     * refresh tokens with them: spent tokens are kept while their session lives, so that a
     * reuse is still recognised. How many sessions.
     */
    async deleteSessionsEndedBefore(before: Date): Promise<number> {
      return deleteInBatches(
        db,
        sessions,
        sessions.id,
        or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before), lt(sessions.lastRefreshedAt, before)),
      );
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
