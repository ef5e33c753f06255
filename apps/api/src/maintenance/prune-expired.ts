import type { AuthRepository } from '../features/auth/auth-repository.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';

const DAY = 24 * 60 * 60_000;
/** How long ended sessions and sent messages stay, for support questions and audits. */
const KEEP_ENDED_MS = 30 * DAY;

export interface PruneDeps {
  auth: Pick<
    AuthRepository,
    | 'deleteVerificationsExpiredBefore'
    | 'deleteResetTokensExpiredBefore'
    | 'deleteSocialFlowsExpiredBefore'
    | 'deleteSessionsEndedBefore'
  >;
  outbox: Pick<OutboxRepository, 'deleteFinished'>;
}

/**
 * Deletes what can no longer be used: confirmations, reset links and started social sign-ins
 * a day past their expiry, sessions a month after they ended (their refresh tokens go with
 * them), and messages a month after they were sent or given up on. This module keeps the
 * schedule; each delete is its table's owner's (auth, the outbox).
 */
export async function pruneExpired(deps: PruneDeps, now: Date): Promise<Record<string, number>> {
  const dayAgo = new Date(now.getTime() - DAY);
  const longAgo = new Date(now.getTime() - KEEP_ENDED_MS);
  return {
    verificationCodes: await deps.auth.deleteVerificationsExpiredBefore(dayAgo),
    resetTokens: await deps.auth.deleteResetTokensExpiredBefore(dayAgo),
    socialFlows: await deps.auth.deleteSocialFlowsExpiredBefore(dayAgo),
    sessions: await deps.auth.deleteSessionsEndedBefore(longAgo),
    messages: await deps.outbox.deleteFinished(longAgo),
  };
}
