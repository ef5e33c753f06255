import { randomUUID } from 'node:crypto';
import { type ClockDeps, clock } from '../clock.ts';
import type { AccountRepository } from '../features/account/account-repository.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import type { PaymentRepository, PaymentRow } from '../features/payments/payment-repository.ts';
import type { RefundRepository, RefundRow } from '../features/payments/refund-repository.ts';
import { refundToCreditPosting } from '../ledger/postings.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { TransactionDeps } from '../transaction-deps.ts';

/** What refunds need: the payment's gateway, the queue of refunds, and credit for what a method cannot take back. */
export interface RefundDeps extends TransactionDeps, ClockDeps {
  credits: Pick<AccountRepository, 'addCredit'>;
  payments: Pick<PaymentRepository, 'byCheckout' | 'byId'>;
  refunds: Pick<RefundRepository, 'queue' | 'claimOne' | 'claimDue' | 'settle'>;
  gateway: PaymentGateway;
  ledger: Pick<LedgerRepository, 'post' | 'entriesOf'>;
  /** Where a send that failed after its commit is told (the refund itself stays queued). */
  log: { warn(context: object, message: string): void };
}

/**
 * How long a send holds its refund: a process that has not settled it by then is taken to have
 * died, and the time-out round sends it again (under the same key, so the gateway refunds once).
 */
export const REFUND_LEASE_MS = 5 * 60_000;

/** A closing order's payment: refunded with it when it was paid ahead (mobile money). */
export function refundOf(order: { paymentMethod: string; paymentStatus: string }): { paymentStatus?: 'refunded' } {
  return order.paymentStatus === 'paid' && order.paymentMethod !== 'cash' ? { paymentStatus: 'refunded' } : {};
}

/** The queued refund of a closed order's payment (`queueClosedOrderRefund`). */
export function closedOrderRefundKey(orderId: string): string {
  return `order:${orderId}`;
}

/**
 * In the transaction that closes a paid order (as it was before the move): what its method paid
 * queued to go back through the gateway. The credit part goes back in `releaseOrderHolds`.
 */
export async function queueClosedOrderRefund(
  deps: Pick<RefundDeps, 'payments' | 'refunds' | 'now'>,
  order: {
    id: string;
    checkoutId: string;
    paymentMethod: string;
    paymentStatus: string;
    total: number;
    creditUsed: number;
  },
): Promise<void> {
  if (refundOf(order).paymentStatus !== 'refunded') return;
  const paidByMethod = order.total - order.creditUsed;
  const payment = await deps.payments.byCheckout(order.checkoutId);
  if (!payment || paidByMethod <= 0) return;
  await queueRefund(deps, payment, paidByMethod, closedOrderRefundKey(order.id), order.id);
}

/**
 * In the transaction that decides it: `amount` of a payment owed back through its gateway,
 * written down before anything is sent, so that a process dying after the commit leaves it to
 * the time-out round instead of losing it. Once per `key`.
 */
export async function queueRefund(
  deps: Pick<RefundDeps, 'refunds' | 'now'>,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'currency'>,
  amount: number,
  key: string,
  orderId: string | null = null,
): Promise<void> {
  await deps.refunds.queue({
    paymentId: payment.id,
    userId: payment.userId,
    orderId,
    key,
    amount,
    currency: payment.currency,
    nextAttemptAt: clock(deps),
  });
}

/**
 * After the commit that queued it: the refund `key` sent at once. Undefined when there is none
 * to send (nothing was queued, or another process holds or settled it); `queued` when sending
 * failed (the database or the gateway away): what was decided is committed, so the caller
 * answers it, and the time-out round sends the refund once its lease has passed.
 */
export async function sendQueuedRefund(
  deps: RefundDeps,
  key: string,
): Promise<'method' | 'credit' | 'queued' | undefined> {
  try {
    const at = clock(deps);
    const refund = await deps.refunds.claimOne(key, at, new Date(at.getTime() + REFUND_LEASE_MS));
    return refund ? await sendRefund(deps, refund) : undefined;
  } catch (error) {
    deps.log.warn(
      { err: error, refundKey: key },
      'a refund could not be sent after its commit; the time-out round will',
    );
    return 'queued';
  }
}

/**
 * The time-out round's share: refunds queued but never settled (their process died, or the
 * database was away when it answered), sent again once their lease has passed. How many were
 * settled. One that fails is logged and waits out its lease again; the others go on, and so
 * does the round, so that one refund cannot hold back the orders' time-outs behind it.
 */
export async function sendDueRefunds(deps: RefundDeps, now: Date, limit: number): Promise<number> {
  const due = await deps.refunds.claimDue(now, limit, new Date(now.getTime() + REFUND_LEASE_MS));
  let settled = 0;
  for (const refund of due) {
    try {
      await sendRefund(deps, refund);
      settled += 1;
    } catch (error) {
      deps.log.warn(
        { err: error, refundId: refund.id, attempts: refund.attempts },
        'a queued refund could not be sent; it is tried again once its hold has passed',
      );
    }
  }
  return settled;
}

/**
 * A claimed refund through its payment's gateway, to the card or wallet it came from; where the
 * method cannot take it back (the gateway refuses), into the shopper's Malewa credit instead,
 * so the money is never lost between the two.
 */
async function sendRefund(deps: RefundDeps, refund: RefundRow): Promise<'method' | 'credit'> {
  const payment = await deps.payments.byId(refund.paymentId);
  let refused: string | undefined = payment ? undefined : 'The payment to refund is gone';
  if (payment) {
    try {
      await deps.gateway.refund(
        {
          id: payment.id,
          method: payment.method,
          phone: payment.phone,
          amount: refund.amount,
          currency: refund.currency,
        },
        refund.id,
      );
    } catch (error) {
      refused = error instanceof Error ? error.message : String(error);
    }
  }
  // Taken: a failure to note it leaves it pending, and the next send is refunded once by its key.
  if (refused === undefined) {
    await deps.refunds.settle(refund.id, 'sent', clock(deps));
    return 'method';
  }
  await deps.transaction(async () => {
    // Settled first and only if still pending: two sends that both failed credit it once.
    if (!(await deps.refunds.settle(refund.id, 'credited', clock(deps), refused))) return;
    await creditInstead(
      deps,
      { userId: refund.userId, currency: refund.currency, amount: refund.amount, orderId: refund.orderId ?? undefined },
      `refund:${refund.paymentId}`,
    );
  });
  return 'credit';
}

/**
 * Money the ledger sent back through the gateway that the gateway did not take: owed to the
 * shopper as credit instead, both sides recorded in one transaction.
 */
export async function creditInstead(
  deps: Pick<RefundDeps, 'credits' | 'ledger' | 'transaction' | 'now' | 'gateway'>,
  refund: { userId: string; currency: string; amount: number; orderId?: string | undefined },
  reason: string,
): Promise<void> {
  await deps.transaction(async () => {
    await deps.credits.addCredit(refund.userId, refund.currency, refund.amount, reason, refund.orderId ?? null);
    await deps.ledger.post({
      kind: 'refund_to_credit',
      key: `refund-credit:${reason}:${randomUUID()}`,
      currency: refund.currency,
      occurredAt: clock(deps),
      orderId: refund.orderId ?? null,
      userId: refund.userId,
      entries: refundToCreditPosting(deps.gateway.name, refund.userId, refund.amount),
    });
  });
}
