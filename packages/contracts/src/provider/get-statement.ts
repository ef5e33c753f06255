import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from './listings.ts';

/** `from` and `to` are the shop's days, both included; at most a year. */
export const ZStatementQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine(({ from, to }) => from <= to, { message: 'The range ends after it starts', path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, {
    message: 'At most a year at a time',
    path: ['from'],
  });
export type StatementQuery = z.infer<typeof ZStatementQuerySchema>;

/**
 * A shop's statement for a period, from the ledger (docs/decisions/0033): what its orders
 * brought (goods and delivery), the discounts it funded (and, for its information, those Malewa
 * funded), Malewa's commission, refunds for problems, tips, the cash it took at the door and
 * payouts; what Malewa owed it at the start and owes it at the end (negative: the shop owes
 * Malewa, as when it kept more cash than it is owed). Cancelled orders count as nothing.
 */
export const ZStatementSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  openingOwed: ZMoneySchema.extend({ amount: z.number().int() }),
  grossSales: ZMoneySchema,
  deliveryFees: ZMoneySchema,
  discountsFunded: ZMoneySchema,
  discountsByMalewa: ZMoneySchema,
  commission: ZMoneySchema.extend({ amount: z.number().int() }),
  refunds: ZMoneySchema.extend({ amount: z.number().int() }),
  tips: ZMoneySchema,
  cashCollected: ZMoneySchema.extend({ amount: z.number().int() }),
  payouts: ZMoneySchema.extend({ amount: z.number().int() }),
  closingOwed: ZMoneySchema.extend({ amount: z.number().int() }),
});
export type Statement = z.infer<typeof ZStatementSchema>;
export const ZStatementResponseSchema = z.object({ data: ZStatementSchema });

export const getStatementEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/statements',
  tags: ['provider'],
  summary: 'A shop’s statement for a period: sales, discounts, commission, refunds, tips and what it is owed',
  access: ['provider'],
  params: ZShopParamsSchema,
  query: ZStatementQuerySchema,
  success: { 200: ZStatementResponseSchema },
  refusals: [400, 401, 403, 404],
});
