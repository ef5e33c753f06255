import { z } from 'zod';
import { ZCurrencyCodeSchema } from '../markets.ts';

/**
 * `POST /api/payments/webhooks/{provider}`: the gateway says how a payment ended. Signed: the
 * `X-Malewa-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * under the provider's webhook secret. A bad or old signature is a 401, an event seen before a
 * 409, an amount or currency that is not the payment's a 422; each is logged.
 */
export const PAYMENT_SIGNATURE_HEADER = 'x-malewa-signature';

export const ZPaymentWebhookSchema = z.strictObject({
  /** The gateway's id of this notice: each is applied once. */
  eventId: z.string().min(8).max(100),
  /** Our payment's id, which we gave the gateway. */
  reference: z.uuid(),
  status: z.enum(['succeeded', 'failed']),
  amount: z.number().int().min(0),
  currency: ZCurrencyCodeSchema,
});
export type PaymentWebhook = z.infer<typeof ZPaymentWebhookSchema>;

export const ZPaymentWebhookResponseSchema = z.object({ received: z.literal(true) });
