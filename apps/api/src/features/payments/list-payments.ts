import type { PaymentHistory } from '@malewa/contracts/payments/list-payments';
import type { PaymentRepository } from './payment-repository.ts';
import { presentPayment } from './present-payment.ts';

/** The shopper's payment history: their last 50 mobile-money payments, however each ended. */
export async function listPayments(deps: { payments: PaymentRepository }, userId: string): Promise<PaymentHistory> {
  const rows = await deps.payments.listOwn(userId, 50);
  return rows.map((row) => ({ ...presentPayment(row), createdAt: row.createdAt.toISOString() }));
}
