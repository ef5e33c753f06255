import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import {
  MAX_LINE_QUANTITY,
  SUBSTITUTION_PREFERENCES,
  ZCartChoicesSchema,
  ZCartParamsSchema,
  ZCartSchema,
} from './cart.ts';

/**
 * A chef experience's booking, on the chef's clock: a date, a start on the half hour, and the
 * guests (within the experience's range). Refusals name the field: `booking.date` (`invalid`,
 * `too_soon`: under a day ahead, `too_far`: over 90 days), `booking.time` (`invalid`,
 * `closed`: the chef does not work then, `taken`: the chef is booked then), `booking.guests`
 * (`range`), `booking` (`required` for an experience, `not_bookable` for anything else).
 */
export const ZBookingRequestSchema = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'A time as HH:MM'),
  guests: z.number().int().min(1).max(1000),
});
export type BookingRequest = z.infer<typeof ZBookingRequestSchema>;

/**
 * `POST /api/carts/{service}/items`: an item (by id or slug) with its choices and a quantity in
 * its unit. Adding an item already in the cart with the same choices adds to that line. Prices
 * are the catalog's; nothing about money is taken from the request. A chef experience comes with
 * its booking instead of a quantity: a per-guest experience counts its guests.
 */
export const ZAddCartLineRequestSchema = z.strictObject({
  item: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('The item, by its id or its slug (as `GET /api/{service}/{collection}/{idOrSlug}` takes it)'),
  quantity: z.number().positive().max(MAX_LINE_QUANTITY).default(1),
  choices: ZCartChoicesSchema.default([]),
  substitution: z.enum(SUBSTITUTION_PREFERENCES).default('best_match'),
  booking: ZBookingRequestSchema.optional(),
});
export type AddCartLineRequest = z.infer<typeof ZAddCartLineRequestSchema>;

export const ZAddCartLineResponseSchema = dataEnvelope(ZCartSchema);

export const addCartLineEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/carts/:service/items',
  tags: ['carts'],
  summary: 'Add an item with its choices (or more of it, on the line with the same choices)',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartParamsSchema,
  body: ZAddCartLineRequestSchema,
  success: { 201: ZAddCartLineResponseSchema },
  refusals: [400, 404, 409, 422],
});
