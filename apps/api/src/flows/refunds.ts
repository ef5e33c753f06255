import { randomUUID } from 'node:crypto';
import { type ClockDeps, clock } from '../clock.ts';
import type { AccountRepository } from '../features/account/account-repository.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import type { PaymentRepository, PaymentRow } from '../features/payments/payment-repository.ts';
import { refundToCreditPosting } from '../ledger/postings.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { TransactionDeps } from '../transaction-deps.ts';

/** What refunds need: the payment's gateway, and credit for what a method cannot take back. */
export interface RefundDeps extends TransactionDeps, ClockDeps {
  credits: Pick<AccountRepository, 'addCredit'>;
  payments: Pick<PaymentRepository, 'byCheckout'>;
  gateway: PaymentGateway;
  ledger: Pick<LedgerRepository, 'post' | 'entriesOf'>;
}

/** A closing order's payment: refunded with it when it was paid ahead (mobile money). */
export function refundOf(order: { paymentMethod: string; paymentStatus: string }): { paymentStatus?: 'refunded' } {
  return order.paymentStatus === 'paid' && order.paymentMethod !== 'cash' ? { paymentStatus: 'refunded' } : {};
}

/**
 * After a paid order closed (its transaction committed): its money back to where it came from,
 * through the gateway of the checkout's payment.
 */
export async function refundClosedOrder(
  deps: RefundDeps,
  order: {
    checkoutId: string;
    total: { amount: number; currency: string };
    creditUsed: { amount: number };
    payment: { status: string };
  },
): Promise<void> {
  if (order.payment.status !== 'refunded') return;
  // The credit part went back when the order closed (releaseOrderHolds); the method paid the rest.
  const paidByMethod = order.total.amount - order.creditUsed.amount;
  const payment = await deps.payments.byCheckout(order.checkoutId);
  if (!payment || paidByMethod <= 0) return;
  await refundPayment(deps, payment, paidByMethod);
}

/**
 * `amount` of a payment back through its gateway, to the card or wallet it came from; where the
 * method cannot take it back (the gateway refuses), into the shopper's Malewa credit instead,
 * so the money is never lost between the two.
 */
export async function refundPayment(
  deps: Pick<RefundDeps, 'gateway' | 'credits' | 'ledger' | 'transaction' | 'now'>,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'method' | 'phone' | 'currency'>,
  amount: number,
): Promise<'method' | 'credit'> {
  try {
    await deps.gateway.refund({
      id: payment.id,
      method: payment.method,
      phone: payment.phone,
      amount,
      currency: payment.currency,
    });
    return 'method';
  } catch {
    await creditInstead(deps, { userId: payment.userId, currency: payment.currency, amount }, `refund:${payment.id}`);
    return 'credit';
  }
}

/**
 * Money the ledger sent back through the gateway that the gateway did not take: owed to the
 * shopper as credit instead, both sides recorded in one transaction.
 */
export async function creditInstead(
  deps: Pick<RefundDeps, 'credits' | 'ledger' | 'transaction' | 'now' | 'gateway'>,
  refund: { userId: string; currency: string; amount: number; orderId?: string },
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
