import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { PrepaidMethod } from '@malewa/contracts/orders/order';
import type { Payment } from '@malewa/contracts/payments/payment';
import type { PaymentRow } from './payment-repository.ts';

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    service: row.service as ServiceId,
    method: row.method as PrepaidMethod,
    phone: row.phone,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    amount: { amount: row.amount, currency: row.currency as CurrencyCode },
    status: row.status,
    failure: row.failure ?? null,
    checkoutId: row.checkoutId ?? null,
    sandbox: row.provider === 'sandbox',
  };
}
