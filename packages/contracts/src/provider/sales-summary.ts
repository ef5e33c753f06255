import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';

/**
 * `GET /api/provider/shops/{shopId}/sales?from=&to=&by=`: a shop's sales per day or per week
 * (weeks start on Monday), on the shop's own calendar: its orders that were not rejected or
 * cancelled, their revenue (the totals shoppers paid, in minor units), and its top items.
 * `from` and `to` are days, both included; at most a year.
 */
export const ZSalesSummaryQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    by: z.enum(['day', 'week']).default('day'),
  })
  .refine(({ from, to }) => from <= to, { message: 'The range ends after it starts', path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, {
    message: 'At most a year at a time',
    path: ['from'],
  });
export type SalesSummaryQuery = z.infer<typeof ZSalesSummaryQuerySchema>;

export const ZSalesSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  by: z.enum(['day', 'week']),
  /** Each day (or week, by its Monday) that had orders, oldest first. */
  periods: z.array(z.object({ start: z.iso.date(), orders: z.number().int(), revenue: ZMoneySchema })),
  totals: z.object({ orders: z.number().int(), revenue: ZMoneySchema }),
  /** The ten items that brought the most, by the quantity sold (in their units) and what they brought. */
  topItems: z.array(z.object({ name: z.string(), quantity: z.number(), revenue: ZMoneySchema })),
});
export type SalesSummary = z.infer<typeof ZSalesSummarySchema>;
export const ZSalesSummaryResponseSchema = z.object({ data: ZSalesSummarySchema });
