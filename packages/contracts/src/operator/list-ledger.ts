import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';

/** One leg of a ledger transaction: + debit, − credit, in minor units of its currency. */
export const ZLedgerEntrySchema = z.object({
  account: z.string(),
  party: z.string(),
  amount: z.number().int(),
  purpose: z.string(),
});

/** A balanced transaction of the marketplace's ledger (docs/decisions/0033-double-entry-ledger.md). */
export const ZLedgerTransactionSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  key: z.string(),
  currency: ZCurrencyCodeSchema,
  occurredAt: z.iso.datetime(),
  entries: z.array(ZLedgerEntrySchema),
});
export type LedgerTransaction = z.infer<typeof ZLedgerTransactionSchema>;

export const ZListLedgerRequestSchema = z.object({ order: z.uuid() });

/** `GET /api/operator/ledger?order={id}` (operators): an order's ledger transactions, oldest first. */
export const ZListLedgerResponseSchema = dataEnvelope(z.array(ZLedgerTransactionSchema));

export const listLedgerEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/ledger',
  tags: ['operator'],
  summary: 'The ledger transactions of an order, each balanced (operators)',
  access: ['operator'],
  query: ZListLedgerRequestSchema,
  success: { 200: ZListLedgerResponseSchema },
  refusals: [400, 401, 403],
});
