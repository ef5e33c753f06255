import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';
import { multiLine } from '../text.ts';

export const ZGrantCreditParamsSchema = z.object({ accountId: z.uuid() });

/**
 * `POST /api/operator/accounts/{accountId}/credit` (operators): goodwill credit in minor units of
 * the account's market currency, with the reason the shopper reads beside it; written to the
 * audit log with who gave it. A `currency` other than the account's is a 422
 * (`{ code: 'currency', currency }`, the account's), and nothing is given.
 */
export const ZGrantCreditRequestSchema = z.strictObject({
  amount: z.int().positive().max(100_000_000),
  /** The account's currency, said again: an amount meant in another is refused, not given. */
  currency: ZCurrencyCodeSchema,
  reason: multiLine().trim().min(10, 'Say why (10 characters or more)').max(500),
});
export type GrantCreditRequest = z.infer<typeof ZGrantCreditRequestSchema>;

export const ZGrantCreditResponseSchema = dataEnvelope(
  z.object({ accountId: z.uuid(), currency: ZCurrencyCodeSchema, balanceMinor: z.number().int() }),
);

export const grantCreditEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/accounts/:accountId/credit',
  tags: ['operator'],
  summary: 'Give an account goodwill credit with a reason (operators)',
  access: ['operator'],
  params: ZGrantCreditParamsSchema,
  body: ZGrantCreditRequestSchema,
  success: { 200: ZGrantCreditResponseSchema },
  refusals: [400, 401, 403, 404, 422],
  problems: z.object({ code: z.literal('currency'), currency: ZCurrencyCodeSchema }),
});
