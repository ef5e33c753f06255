import { type Clock, clock } from '#api/clock.ts';
import type { TimeoutConfig } from '#api/config.ts';
import type { NotificationsRepository } from '#api/features/notifications/notifications-repository.ts';
import { presentShopOrder } from '#api/features/orders/present-order.ts';
import type { PaymentRepository } from '#api/features/payments/payment-repository.ts';
import { sendDueRefunds } from './refunds.ts';
import { afterRejecting, type RejectDeps, rejectPlacedOrder } from './reject-order.ts';
import { createRetryBook, nextRoundMs, type RetryBook, TRIES_BEFORE_ALARM } from './retry-book.ts';
import { sendNotices, shopNotices } from './send-notices.ts';

export type TimeOutDeps = RejectDeps & {
  notices: RejectDeps['notices'] & Pick<NotificationsRepository, 'shopPeople'>;
  payments: RejectDeps['payments'] & Pick<PaymentRepository, 'expirePending'>;
  timeouts: Pick<TimeoutConfig, 'acceptMs' | 'chefAcceptMs' | 'paymentPendingMs'>;
};

interface Log {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

/** Orders (and payments) a round closes at most; a full round is followed by another at once. */
export const TIME_OUT_BATCH = 20;

/**
 * One round of the time-outs, run by every API process (docs/decisions/0035). Each placed
 * order whose shop did not accept it in time is rejected through the shop's own rejection (its
 * holds released, its credit back, its shopper told, what was paid ahead refunded), with no
 * reason but that: one order per transaction, claimed SKIP LOCKED, so two processes never take
 * one order and an order the shop is accepting right now is passed over. The move is
 * conditional on the order still being placed. The shop's people are told they missed it. An
 * order that fails is logged and tried again after its back-off; the others go on. Then the
 * payments nobody approved in time expire, and refunds queued but never settled (their process
 * died before the gateway answered) are sent again once their lease has passed.
 */
export async function timeOutOrders(
  deps: TimeOutDeps,
  now: Date,
  retries: RetryBook,
  log: Log,
): Promise<{ rejected: string[]; failed: string[]; expired: string[]; refunds: number }> {
  const rejected: string[] = [];
  const failed: string[] = [];
  for (let round = 0; round < TIME_OUT_BATCH; round++) {
    let claimed: string | undefined;
    try {
      const closed = await deps.transaction(async () => {
        claimed = await deps.orders.claimUnanswered(now, deps.timeouts, retries.waiting(now));
        if (!claimed) return undefined;
        const order = await deps.orders.lockOrder(claimed);
        const moved = order ? await rejectPlacedOrder(deps, order, null) : undefined;
        if (!moved) return null;
        await sendNotices(
          deps,
          await shopNotices(deps, moved.providerId, {
            kind: 'order-missed',
            params: { orderId: moved.id, shop: moved.provider.name },
            dedupeKey: `missed:${moved.id}`,
          }),
        );
        return presentShopOrder(moved);
      });
      if (closed === undefined) break;
      if (closed === null) continue;
      retries.done(closed.id);
      rejected.push(closed.id);
      // Committed: a refund the gateway refuses becomes credit; anything else is logged, never undone.
      await afterRejecting(deps, closed).catch((error: unknown) =>
        log.error({ err: error, orderId: closed.id }, 'an order timed out, but its refund failed'),
      );
    } catch (error) {
      // The claim itself failed: the database is not there, and the round ends.
      if (claimed === undefined) throw error;
      const { tries, retryAt } = retries.failed(claimed, now);
      failed.push(claimed);
      log[tries >= TRIES_BEFORE_ALARM ? 'error' : 'warn'](
        { err: error, orderId: claimed, tries, retryAt },
        'an order that timed out could not be closed; trying again later',
      );
    }
  }
  const expired = await deps.payments.expirePending(
    new Date(now.getTime() - deps.timeouts.paymentPendingMs),
    TIME_OUT_BATCH,
  );
  const refunds = await sendDueRefunds(deps, now, TIME_OUT_BATCH);
  return { rejected, failed, expired, refunds };
}

/** Runs `timeOutOrders` every `pollMs` until stopped; one round at a time. */
export function startTimeOuts(
  deps: TimeOutDeps & { now?: Clock | undefined },
  pollMs: number,
  log: Log,
): { stop(): Promise<void> } {
  let stopped = false;
  let failedRounds = 0;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const retries = createRetryBook();
  const tick = () => {
    let full = false;
    running = timeOutOrders(deps, clock(deps), retries, log)
      .then((done) => {
        failedRounds = 0;
        full = done.rejected.length + done.failed.length === TIME_OUT_BATCH;
        if (done.rejected.length > 0 || done.expired.length > 0 || done.refunds > 0) {
          log.info(
            { rejected: done.rejected, expired: done.expired, refunds: done.refunds },
            'closed what nobody answered in time: orders rejected, payments expired, refunds sent again',
          );
        }
      })
      .catch((error: unknown) => {
        failedRounds += 1;
        log.error({ err: error, failedRounds }, 'time-out round failed; trying again later');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, full ? 0 : nextRoundMs(pollMs, failedRounds));
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
