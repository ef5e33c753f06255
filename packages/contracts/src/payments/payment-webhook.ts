import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';

/**
 * `POST /api/payments/webhooks/{provider}`: the gateway says how a payment ended. Signed: the
 * `X-Malewa-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * under the provider's webhook secret. A bad or old signature is a 401, an event seen before a
 * 409, an amount or currency that is not the payment's a 422; each is logged.
 */
export const PAYMENT_SIGNATURE_HEADER = 'x-malewa-signature';

/** The gateway that sends the notice, by its name (`sandbox`). */
export const ZPaymentWebhookParamsSchema = z.object({ provider: z.string().regex(/^[a-z0-9-]{2,30}$/) });

export const ZPaymentWebhookSchema = z.strictObject({
  /** The gateway's id of this notice: each is applied once. */
  eventId: z.string().min(8).max(100),
  /** Our payment's id, which we gave the gateway. */
  reference: z.uuid(),
  status: z.enum(['succeeded', 'failed']),
  amount: z.number().int().min(0),
  currency: ZCurrencyCodeSchema,
  /**
   * A card payment: the card charged, and the gateway's token for it (kept when the shopper
   * asked to save the card; a token charges only through this gateway, only for us).
   */
  card: z
    .strictObject({
      token: z.string().min(8).max(200),
      brand: z.string().min(2).max(20),
      last4: z.string().regex(/^\d{4}$/),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int().min(2000).max(2100),
    })
    .optional(),
});
export type PaymentWebhook = z.infer<typeof ZPaymentWebhookSchema>;

export const ZPaymentWebhookResponseSchema = z.object({ received: z.literal(true) });

export const paymentWebhookEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/payments/webhooks/:provider',
  tags: ['payments'],
  summary: 'A gateway’s signed notice of how a payment ended (X-Malewa-Signature)',
  // Anyone may send one; only the gateway can sign it (checked by the route).
  access: 'anyone',
  params: ZPaymentWebhookParamsSchema,
  body: ZPaymentWebhookSchema,
  success: { 200: ZPaymentWebhookResponseSchema },
  refusals: [400, 401, 404, 409, 422],
});
