import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../request-headers.ts';

/** A market's payouts for the days `from` to `to` (both included, on the market's clock). */
export const ZPayoutsQuerySchema = z
  .object({ countryCode: ZCountryCodeSchema, from: z.iso.date(), to: z.iso.date() })
  .refine(({ from, to }) => from <= to, { message: 'The range ends after it starts', path: ['to'] });
export type PayoutsQuery = z.infer<typeof ZPayoutsQuerySchema>;

/** What a shop is owed at the end of the period (its payable and tips), and whether it was paid. */
export const ZPayoutLineSchema = z.object({
  shop: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  amount: ZMoneySchema,
  /** Recorded as paid for this period end already: never paid twice. */
  paid: z.boolean(),
});
export type PayoutLine = z.infer<typeof ZPayoutLineSchema>;

/** `GET /api/operator/payouts?countryCode=&from=&to=`: each shop owed money at the end of `to`. */
export const ZListPayoutsResponseSchema = dataEnvelope(z.array(ZPayoutLineSchema));

export const listPayoutsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/payouts',
  tags: ['operator'],
  summary: 'What each shop of a market is owed at the end of a period, for a bulk payment (operators)',
  access: ['operator'],
  query: ZPayoutsQuerySchema,
  success: { 200: ZListPayoutsResponseSchema },
  refusals: [400, 401, 403],
});

export const ZRecordPayoutsHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN, '16 to 64 letters, digits, - or _'),
});

/**
 * `POST /api/operator/payouts` (with an Idempotency-Key): records a batch as paid, each shop
 * with the amount the list gave; the same key again answers the same batch and changes nothing.
 */
export const ZRecordPayoutsRequestSchema = z.strictObject({
  countryCode: ZCountryCodeSchema,
  from: z.iso.date(),
  to: z.iso.date(),
  payouts: z
    .array(z.strictObject({ shopId: z.uuid(), amount: z.int().positive() }))
    .min(1)
    .max(1000),
});
export type RecordPayoutsRequest = z.infer<typeof ZRecordPayoutsRequestSchema>;

export const ZRecordPayoutsResponseSchema = dataEnvelope(
  z.object({
    batchId: z.uuid(),
    payouts: z.array(z.object({ shopId: z.uuid(), amount: ZMoneySchema })),
  }),
);

/**
 * Why a batch is refused (422): `amount_changed` (a shop's amount is not what it is owed now:
 * list again), `already_paid` (a shop was paid for this period end), `key_reused` (the key came
 * with another batch).
 */
export const ZRecordPayoutsProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: z.enum(['amount_changed', 'already_paid']), shopId: z.uuid() }),
  z.object({ code: z.literal('key_reused') }),
]);

export const recordPayoutsEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/payouts',
  tags: ['operator'],
  summary: 'Record a batch of payouts as paid, once (operators; send an Idempotency-Key)',
  access: ['operator'],
  headers: ZRecordPayoutsHeadersSchema,
  body: ZRecordPayoutsRequestSchema,
  success: { 200: ZRecordPayoutsResponseSchema },
  refusals: [400, 401, 403, 409, 422],
  problems: ZRecordPayoutsProblemSchema,
});
