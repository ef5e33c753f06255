import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { PREPAID_METHODS } from '../orders/order.ts';

/** A payment's way: pending (the prompt is on the phone) → succeeded, failed, or refunded. */
export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/**
 * Why a payment did not end in orders: `declined` on the phone (or by the gateway),
 * `cart_changed` (paid, but the cart could no longer be bought as it was: refunded at once), or
 * `expired` (not approved within `PAYMENT_PENDING_MINUTES`: nothing is placed, and money the
 * gateway says came in later goes back).
 */
export const PAYMENT_FAILURES = ['declined', 'cart_changed', 'expired'] as const;

/** A card the gateway keeps for me, as it may be shown: never its number, only its brand and last digits. */
export const ZSavedCardSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
});
export type SavedCard = z.infer<typeof ZSavedCardSchema>;

export const ZPaymentSchema = z.object({
  id: z.uuid(),
  service: z.enum(SERVICE_IDS),
  method: z.enum(PREPAID_METHODS),
  /** Mobile money: the phone the prompt went to, as the shopper gave it; empty for a card. */
  phone: z.string(),
  /** A card payment's card, once the gateway has said which (brand and last digits). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
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
