import { z } from 'zod';
import { ZLocalizedTextSchema, ZMoneySchema } from '../catalog/catalog-card.ts';
import { multiLine } from '../text.ts';
import { PAYMENT_METHODS } from './order.ts';
import { PROBLEM_REASONS, PROBLEM_STATUSES, REFUND_DESTINATIONS } from './problem-vocabulary.ts';

/** At most this many lines in one report, and this long a note. */
export const MAX_PROBLEM_LINES = 50;
export const MAX_PROBLEM_NOTE = 1000;

/**
 * A report of a delivered order's problems (docs/product/checkout.md, problems after delivery):
 * which lines, how much of each (in the line's unit: 1.5 kg), and what was wrong. Each line once.
 */
export const ZProblemReportSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        orderLineId: z.uuid(),
        quantity: z.number().positive('Enter how many were affected').max(1_000_000),
        reason: z.enum(PROBLEM_REASONS),
      }),
    )
    .min(1, 'Choose at least one line that was missing, wrong or damaged')
    .max(MAX_PROBLEM_LINES)
    .refine((lines) => new Set(lines.map((line) => line.orderLineId)).size === lines.length, 'Name each line once'),
  note: multiLine().trim().max(MAX_PROBLEM_NOTE).default(''),
});
export type ProblemReport = z.infer<typeof ZProblemReportSchema>;
export type ProblemReportInput = z.input<typeof ZProblemReportSchema>;

/** A reported line, with what was bought for the refund's reckoning. */
export const ZProblemLineSchema = z.object({
  orderLineId: z.uuid(),
  name: ZLocalizedTextSchema,
  /** Reported, in the line's unit. */
  quantity: z.number().positive(),
  /** Bought, in the same unit. */
  bought: z.number().positive(),
  reason: z.enum(PROBLEM_REASONS),
  /** The line's total as bought (before the order's discounts). */
  total: ZMoneySchema,
});

/** A problem report as its shopper, its shop and the operators read it. */
export const ZOrderProblemSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  shop: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  status: z.enum(PROBLEM_STATUSES),
  reportedAt: z.iso.datetime(),
  note: z.string(),
  /** Whether a photo came with it: the shop and operators fetch it through their photo route. */
  photo: z.boolean(),
  lines: z.array(ZProblemLineSchema),
  order: z.object({
    paymentMethod: z.enum(PAYMENT_METHODS),
    total: ZMoneySchema,
    creditUsed: ZMoneySchema,
    /** Given back for all its problems so far. */
    refunded: ZMoneySchema,
    deliveredAt: z.iso.datetime().nullable(),
  }),
  /** Given back for this problem so far. */
  refund: ZMoneySchema,
  refundTo: z.enum(REFUND_DESTINATIONS).nullable(),
  resolution: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  /** The most a (further) refund for this problem may be now, by where it goes. */
  refundable: z.object({ method: ZMoneySchema, credit: ZMoneySchema }),
});
export type OrderProblem = z.infer<typeof ZOrderProblemSchema>;

/** `{ id }` of a problem in the consoles' paths. */
export const ZProblemParamsSchema = z.object({ id: z.uuid() });

/**
 * A resolution: `refund` minor units (0 resolves without one) back through the payment
 * method or to Malewa credit, and a note the shopper reads.
 */
export const ZResolveProblemRequestSchema = z.strictObject({
  refund: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  to: z.enum(REFUND_DESTINATIONS),
  note: multiLine().trim().max(500).optional(),
});
export type ResolveProblemRequest = z.infer<typeof ZResolveProblemRequestSchema>;

/**
 * Refusals a console acts on: a refund above what was paid for the lines (`cap`, for that
 * destination), one through a method the order did not use (cash), or a second resolution
 * by the shop (only an operator overrules).
 */
export const ZResolveProblemProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('above_cap'), cap: ZMoneySchema, to: z.enum(REFUND_DESTINATIONS) }),
  z.object({ code: z.literal('no_method') }),
  z.object({ code: z.literal('already_resolved') }),
]);
export type ResolveProblemProblem = z.infer<typeof ZResolveProblemProblemSchema>;

/** A report's photo as stored: one WebP, re-encoded without metadata. */
export const ZProblemPhotoFileSchema = z.string().meta({ format: 'binary' });
export const PROBLEM_PHOTO_TYPE = 'image/webp';
