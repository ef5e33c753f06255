import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { OFFER_FUNDERS, OFFER_KINDS } from '../catalog/vocabulary.ts';

/** Where a discount comes from: an automatic offer (no code), or the coupon the shopper entered. */
export const DISCOUNT_SOURCES = ['offer', 'coupon'] as const;

/**
 * One discount on a shop's part of a cart, or on its order, named as the shopper reads it
 * (docs/decisions/0032-money.md: the best automatic offer per shop, then at most one coupon on
 * what is left, never below zero). `appliesTo` says whether it comes off the goods or the
 * delivery fee; `title` is the offer's own name, when it has one, in the shopper's language;
 * `label` is that name or, without one, a description from kind and value.
 */
export const ZDiscountLineSchema = z.object({
  source: z.enum(DISCOUNT_SOURCES),
  offerId: z.uuid(),
  code: z.string().nullable(),
  kind: z.enum(OFFER_KINDS),
  /** Percent: whole percent; fixed: minor units; free delivery: 0. */
  value: z.number().int().min(0),
  title: z.string().nullable(),
  label: z.string(),
  appliesTo: z.enum(['goods', 'delivery']),
  fundedBy: z.enum(OFFER_FUNDERS),
  amount: ZMoneySchema,
});
export type DiscountLine = z.infer<typeof ZDiscountLineSchema>;
