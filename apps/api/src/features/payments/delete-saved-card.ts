import { AppError } from '#api/app-error.ts';
import type { PaymentRepository } from './payment-repository.ts';

/** Forgets one of the shopper's saved cards; another's is not found. */
export async function deleteSavedCard(
  deps: { payments: PaymentRepository },
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deps.payments.deleteOwnCard(userId, id))) throw new AppError('NOT_FOUND', 'No such saved card');
}
