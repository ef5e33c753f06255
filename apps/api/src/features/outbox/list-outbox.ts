import { listMeta } from '@malewa/contracts/envelope';
import type { ListOutboxRequest, ListOutboxResponse } from '@malewa/contracts/operator/list-outbox';
import { type ClockDeps, clock } from '#api/clock.ts';
import { maskRecipient } from '#api/messages/mask-recipient.ts';
import type { OutboxRepository } from '#api/messages/outbox-repository.ts';

/**
 * The outbox as operators watch it: the messages given up on, the latest first, each to a
 * recipient partly hidden; and how many wait, how many are dead, how long the oldest has waited.
 */
export async function listOutbox(
  deps: { outbox: Pick<OutboxRepository, 'listDead' | 'stats'> } & ClockDeps,
  query: ListOutboxRequest,
): Promise<ListOutboxResponse> {
  const [{ rows, total }, counts] = await Promise.all([
    deps.outbox.listDead(query.page, query.perPage),
    deps.outbox.stats(clock(deps)),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: maskRecipient(row.channel, row.recipient),
      template: row.template,
      attempts: row.attempts,
      lastError: row.lastError,
      queuedAt: row.createdAt.toISOString(),
      givenUpAt: row.failedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.perPage, total),
    counts,
  };
}
