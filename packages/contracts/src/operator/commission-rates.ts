import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCountryCodeSchema } from '../markets.ts';

/**
 * Malewa's commission in basis points (1500 = 15 %) of a shop's goods after the discounts it
 * funds, for a market's service or one shop of it (a shop's own rate wins), from `validFrom`.
 * An order keeps the rate in force when it was placed: a new rate never changes a placed order.
 */
export const ZCommissionRateSchema = z.object({
  id: z.uuid(),
  countryCode: ZCountryCodeSchema,
  service: z.enum(SERVICE_IDS),
  shop: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  rateBp: z.number().int().min(0).max(10_000),
  validFrom: z.iso.datetime(),
});
export type CommissionRate = z.infer<typeof ZCommissionRateSchema>;

export const ZListCommissionRatesQuerySchema = z.object({ countryCode: ZCountryCodeSchema });
export const ZListCommissionRatesResponseSchema = dataEnvelope(z.array(ZCommissionRateSchema));

export const listCommissionRatesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/commission-rates',
  tags: ['operator'],
  summary: 'A market’s commission rates, per service and per shop, newest first (operators)',
  access: ['operator'],
  query: ZListCommissionRatesQuerySchema,
  success: { 200: ZListCommissionRatesResponseSchema },
  refusals: [400, 401, 403],
});

export const ZSetCommissionRateRequestSchema = z.strictObject({
  countryCode: ZCountryCodeSchema,
  service: z.enum(SERVICE_IDS),
  /** One shop's own rate; absent: the service's rate in the market. */
  shopId: z.uuid().optional(),
  rateBp: z.int().min(0).max(10_000),
  validFrom: z.iso.datetime(),
});
export type SetCommissionRateRequest = z.infer<typeof ZSetCommissionRateRequestSchema>;

export const setCommissionRateEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/commission-rates',
  tags: ['operator'],
  summary: 'Set a commission rate from a date, for a market’s service or one shop (operators; audited)',
  access: ['operator'],
  body: ZSetCommissionRateRequestSchema,
  success: { 201: dataEnvelope(ZCommissionRateSchema) },
  refusals: [400, 401, 403, 404],
});
