import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import type { AuditRepository } from '#api/features/audit/audit-repository.ts';
import type { AccountsRepository } from '#api/features/auth/accounts-repository.ts';
import type { OutboxRepository } from '#api/messages/outbox-repository.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export type RetryMessageDeps = TransactionDeps &
  ClockDeps & {
    outbox: Pick<OutboxRepository, 'lockDead' | 'requeueDead'>;
    audit: Pick<AuditRepository, 'record'>;
    accounts: Pick<AccountsRepository, 'contactOf'>;
  };

/**
 * An operator sends a dead message again (once its transport is mended): back in the queue, due
 * now, its tries counted afresh, logged with how it had failed. Only a dead message with its
 * text: any other id is a 404, a message sent or waiting already included, so two operators
 * retrying at once queue it once (the row is locked, and the second finds it waiting).
 */
export async function retryMessage(
  deps: RetryMessageDeps,
  principal: Principal,
  id: string,
): Promise<{ id: string; attempts: 0; nextAttemptAt: string }> {
  return deps.transaction(async () => {
    const dead = await deps.outbox.lockDead(id);
    if (!dead?.failedAt) throw new AppError('NOT_FOUND', 'No message given up on has this id');
    const at = clock(deps);
    // Given up on before dead messages kept their text: there is nothing left to send.
    if (!(await deps.outbox.requeueDead(id, at))) throw new AppError('NOT_FOUND', 'This message’s text was not kept');
    await deps.audit.record([
      {
        ...(await actorOf(deps, principal)),
        action: 'outbox.retry',
        subjectType: 'outbox_message',
        subjectId: id,
        before: {
          channel: dead.channel,
          template: dead.template,
          attempts: dead.attempts,
          lastError: dead.lastError,
          givenUpAt: dead.failedAt.toISOString(),
        },
        after: { attempts: 0, nextAttemptAt: at.toISOString() },
        at,
      },
    ]);
    return { id, attempts: 0, nextAttemptAt: at.toISOString() };
  });
}
