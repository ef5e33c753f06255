import type { Payment } from '@malewa/contracts/payments/payment';
import { AppError } from '#api/app-error.ts';
import type { PaymentRepository } from './payment-repository.ts';
import { presentPayment } from './present-payment.ts';

/** One of the shopper's payments (another's is not found), as it stands. */
export async function getPayment(deps: { payments: PaymentRepository }, userId: string, id: string): Promise<Payment> {
  const row = await deps.payments.ownById(userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such payment');
  return presentPayment(row);
}
