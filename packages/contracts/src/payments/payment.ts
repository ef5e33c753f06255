import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { MOBILE_MONEY_METHODS } from '../orders/order.ts';

/** A payment's way: pending (the prompt is on the phone) → succeeded, failed, or refunded. */
export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/**
 * Why a payment did not end in orders: `declined` on the phone (or by the gateway), or
 * `cart_changed` (paid, but the cart could no longer be bought as it was: refunded at once).
 */
export const PAYMENT_FAILURES = ['declined', 'cart_changed'] as const;

export const ZPaymentSchema = z.object({
  id: z.uuid(),
  service: z.enum(SERVICE_IDS),
  method: z.enum(MOBILE_MONEY_METHODS),
  /** The phone the prompt went to, as the shopper gave it. */
  phone: z.string(),
  amount: ZMoneySchema,
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  failure: z.enum(PAYMENT_FAILURES).nullable(),
  /** The checkout it placed, once it succeeded. */
  checkoutId: z.uuid().nullable(),
  /** A payment of the sandbox provider: no money moves, and the page says so. */
  sandbox: z.boolean(),
});
export type Payment = z.infer<typeof ZPaymentSchema>;

export const ZPaymentParamsSchema = z.object({ id: z.uuid() });
