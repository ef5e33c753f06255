import type { Db } from '@malewa/db/database';
import { resetTokens, sessions, socialFlows, verificationCodes } from '@malewa/db/schema/accounts';
import { outbox } from '@malewa/db/schema/messages';
import { and, isNotNull, lt, or } from 'drizzle-orm';

const DAY = 24 * 60 * 60_000;
/** How long ended sessions and sent messages stay, for support questions and audits. */
const KEEP_ENDED_MS = 30 * DAY;

/**
 * Deletes what can no longer be used: confirmations, reset links and started social sign-ins
 * a day past their expiry,
 * sessions a month after they ended (their refresh tokens go with them — spent tokens are kept
 * while their session lives, so that a reuse is still recognised), and messages a month after
 * they were sent or given up on.
 */
export async function pruneExpired(db: Db, now: Date): Promise<Record<string, number>> {
  const dayAgo = new Date(now.getTime() - DAY);
  const longAgo = new Date(now.getTime() - KEEP_ENDED_MS);
  const counted = async (query: Promise<unknown[]>) => (await query).length;
  return {
    verificationCodes: await counted(
      db
        .delete(verificationCodes)
        .where(lt(verificationCodes.expiresAt, dayAgo))
        .returning({ id: verificationCodes.id }),
    ),
    resetTokens: await counted(
      db.delete(resetTokens).where(lt(resetTokens.expiresAt, dayAgo)).returning({ id: resetTokens.id }),
    ),
    socialFlows: await counted(
      db.delete(socialFlows).where(lt(socialFlows.expiresAt, dayAgo)).returning({ id: socialFlows.id }),
    ),
    sessions: await counted(
      db
        .delete(sessions)
        .where(
          or(lt(sessions.expiresAt, longAgo), lt(sessions.revokedAt, longAgo), lt(sessions.lastRefreshedAt, longAgo)),
        )
        .returning({ id: sessions.id }),
    ),
    messages: await counted(
      db
        .delete(outbox)
        .where(
          or(
            and(isNotNull(outbox.sentAt), lt(outbox.sentAt, longAgo)),
            and(isNotNull(outbox.failedAt), lt(outbox.failedAt, longAgo)),
          ),
        )
        .returning({ id: outbox.id }),
    ),
  };
}
