import type { SavedCard } from '@malewa/contracts/payments/payment';
import type { PaymentRepository } from './payment-repository.ts';

/** The shopper's saved cards, as they may be shown: brand, last digits and expiry. */
export async function listSavedCards(deps: { payments: PaymentRepository }, userId: string): Promise<SavedCard[]> {
  return (await deps.payments.ownCards(userId)).map(({ id, brand, last4, expMonth, expYear }) => ({
    id,
    brand,
    last4,
    expMonth,
    expYear,
  }));
}
