import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';

/**
 * Why credit moved: `refund` (money a payment method could not take back), `order` (spent on
 * an order), `order_closed` (given back when that order was cancelled or rejected),
 * `goodwill` (given by Malewa, with the operator's words to the shopper), `problem` (given back
 * for a delivered order's lines that were missing, wrong or damaged), `opening` (the account's
 * first, zero entry).
 */
export const CREDIT_ENTRY_KINDS = ['refund', 'order', 'order_closed', 'goodwill', 'problem', 'opening'] as const;

export const ZCreditEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  /** Minor units, signed: positive in, negative out. */
  amountMinor: z.number().int(),
  currency: ZCurrencyCodeSchema,
  /** The order it paid for or came back from. */
  orderId: z.uuid().nullable(),
  /** Goodwill's words from Malewa; null otherwise. */
  note: z.string().nullable(),
  at: z.iso.datetime(),
});
export type CreditEntry = z.infer<typeof ZCreditEntrySchema>;

/** `GET /api/account/credit/entries`: my credit's movements in every currency, newest first (at most 100). */
export const ZListCreditEntriesResponseSchema = dataEnvelope(z.array(ZCreditEntrySchema));

export const listCreditEntriesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/account/credit/entries',
  tags: ['account'],
  summary: 'The movements of my store credit, newest first',
  access: 'signed-in',
  success: { 200: ZListCreditEntriesResponseSchema },
  refusals: [401],
});
