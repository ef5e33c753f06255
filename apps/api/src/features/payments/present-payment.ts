import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { MobileMoneyMethod } from '@malewa/contracts/orders/order';
import type { Payment } from '@malewa/contracts/payments/payment';
import type { PaymentRow } from './payment-repository.ts';

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    service: row.service as ServiceId,
    method: row.method as MobileMoneyMethod,
    phone: row.phone,
    amount: { amount: row.amount, currency: row.currency as CurrencyCode },
    status: row.status,
    failure: row.failure ?? null,
    checkoutId: row.checkoutId ?? null,
    sandbox: row.provider === 'sandbox',
  };
}
