import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';

/**
 * The signed-in user's store credit in their market's main currency, in minor units of that
 * currency (RWF has none: format with Intl.NumberFormat, never divide by a constant 100).
 */
/**
 * `?currency=`: the balance in that currency instead (credit stays in the currency it came in:
 * a refund of a Kenyan order is shillings on any account; checkout asks for its cart's).
 */
export const ZGetCreditQuerySchema = z.object({ currency: ZCurrencyCodeSchema.optional() });

export const ZGetCreditResponseSchema = dataEnvelope(
  z.object({ currency: ZCurrencyCodeSchema, balanceMinor: z.number().int() }),
);
export type GetCreditResponse = z.infer<typeof ZGetCreditResponseSchema>;

export const getCreditEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/account/credit',
  tags: ['account'],
  summary: 'My store credit, in minor units of my market’s currency (or of the currency asked)',
  access: 'signed-in',
  query: ZGetCreditQuerySchema,
  success: { 200: ZGetCreditResponseSchema },
  refusals: [400, 401],
});
