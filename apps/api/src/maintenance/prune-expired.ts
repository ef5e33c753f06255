import type { IdentityRepository } from '../features/auth/identity-repository.ts';
import type { SessionRepository } from '../features/auth/session-repository.ts';
import type { VerificationRepository } from '../features/auth/verification-repository.ts';
import type { JobRepository } from '../features/delivery/job-repository.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';

const DAY = 24 * 60 * 60_000;
/**
 * How long ended sessions and finished messages stay, for support questions and audits. A dead
 * message (given up on) keeps its body until then so that operators can send it again, and goes,
 * body and all, a month after it was given up on: an outage is mended well within that, and by
 * then what a body holds is stale (its codes and links expired within a day, an order's news is
 * old), so resending could only confuse; keeping a body longer would only keep personal text.
 */
const KEEP_ENDED_MS = 30 * DAY;

export interface PruneDeps {
  verification: Pick<VerificationRepository, 'deleteVerificationsExpiredBefore' | 'deleteResetTokensExpiredBefore'>;
  identities: Pick<IdentityRepository, 'deleteSocialFlowsExpiredBefore'>;
  sessions: Pick<SessionRepository, 'deleteSessionsEndedBefore'>;
  outbox: Pick<OutboxRepository, 'deleteFinished'>;
  jobs: Pick<JobRepository, 'deletePositionsBefore'>;
}

/**
 * Deletes what can no longer be used: confirmations, reset links and started social sign-ins
 * a day past their expiry, sessions a month after they ended (their refresh tokens go with
 * them), messages a month after they were sent or given up on (a dead one with its body, kept
 * till then for a retry), and riders' positions after
 * a month (where someone was is personal: kept only for questions about a delivery). This
 * module keeps the schedule; each delete is its table's owner's (auth, the outbox, delivery).
 */
export async function pruneExpired(
  deps: PruneDeps,
  now: Date,
): Promise<{ deleted: Record<string, number>; failed: Record<string, unknown> }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const longAgo = new Date(now.getTime() - KEEP_ENDED_MS);
  const steps: [string, () => Promise<number>][] = [
    ['verificationCodes', () => deps.verification.deleteVerificationsExpiredBefore(dayAgo)],
    ['resetTokens', () => deps.verification.deleteResetTokensExpiredBefore(dayAgo)],
    ['socialFlows', () => deps.identities.deleteSocialFlowsExpiredBefore(dayAgo)],
    ['sessions', () => deps.sessions.deleteSessionsEndedBefore(longAgo)],
    ['messages', () => deps.outbox.deleteFinished(longAgo)],
    ['riderPositions', () => deps.jobs.deletePositionsBefore(longAgo)],
  ];
  // Each table on its own: one that fails (locked, timed out) must not keep the others, riders'
  // positions among them, past their keeping time. It is tried again in an hour.
  const deleted: Record<string, number> = {};
  const failed: Record<string, unknown> = {};
  for (const [name, step] of steps) {
    try {
      deleted[name] = await step();
    } catch (error) {
      failed[name] = error;
    }
  }
  return { deleted, failed };
}
