import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZCheckoutHeadersSchema } from '../request-headers.ts';
import {
  ZCheckoutPaymentSchema,
  ZCheckoutPendingResponseSchema,
  ZCheckoutProblemSchema,
  ZCheckoutResponseSchema,
  ZExpectedTotalSchema,
} from './checkout.ts';
import { ZDeliveryAddressSchema } from './order.ts';

/**
 * `POST /api/carts/checkout` (signed in, with an `Idempotency-Key`): "pay all carts". Several of
 * my carts (each service's) checked out together to one address, with one payment (one cash
 * payment at the door, or one mobile-money prompt or card check); still one order per provider,
 * all under one checkout. Delivered as soon as possible (scheduling is each cart's own checkout).
 * Answers as a cart's checkout does (201 placed, 202 a payment waiting).
 */
export const ZCheckoutAllRequestSchema = z.strictObject({
  services: z
    .array(z.enum(SERVICE_IDS))
    .min(2)
    .max(SERVICE_IDS.length)
    .refine((services) => new Set(services).size === services.length, { message: 'Name each cart once' }),
  address: ZDeliveryAddressSchema,
  payment: ZCheckoutPaymentSchema,
  expectedTotal: ZExpectedTotalSchema,
});
export type CheckoutAllRequest = z.infer<typeof ZCheckoutAllRequestSchema>;

export const checkoutAllEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/carts/checkout',
  tags: ['orders'],
  summary:
    'Pay all carts: several of my carts checked out together, one payment, one order per provider; send an Idempotency-Key',
  access: 'signed-in',
  headers: ZCheckoutHeadersSchema,
  body: ZCheckoutAllRequestSchema,
  success: { 201: ZCheckoutResponseSchema, 202: ZCheckoutPendingResponseSchema },
  refusals: [400, 401, 404, 409, 422],
  problems: ZCheckoutProblemSchema,
});
