import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import { JOB_STATUSES, VEHICLES } from './vocabulary.ts';

/**
 * A job as its rider sees it. The drop-off's particulars (the shopper's first name, phone,
 * pin, landmarks) come only once the job is theirs, and go when it is delivered.
 */
export const ZRiderJobSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  /** The short reference shops and shoppers read out (the order id's first 8 characters). */
  orderRef: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Offered to me until then; null when the job is mine, or open to any rider. */
  offerExpiresAt: z.iso.datetime().nullable(),
  pickup: z.object({
    shop: z.string(),
    street: z.string(),
    area: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** Straight-line kilometres from my last position, when known. */
    distanceKm: z.number().nullable(),
  }),
  itemsCount: z.number().int().min(0),
  /** The order's state at the shop: picked up only once it is ready. */
  orderStatus: z.string(),
  dropOff: z.object({
    area: z.string(),
    city: z.string(),
    /** Kilometres from the shop to the door, straight. */
    distanceKm: z.number(),
    details: z
      .object({
        recipient: z.string(),
        phone: z.string(),
        line: z.string(),
        instructions: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
      })
      .nullable(),
  }),
  /** Cash orders: what to collect at the door, and the note the shopper said they will pay with. */
  cash: z.object({ due: ZMoneySchema, changeFor: ZMoneySchema.nullable() }).nullable(),
  codeTriesLeft: z.number().int().min(0),
});
export type RiderJob = z.infer<typeof ZRiderJobSchema>;

export const ZRiderSelfSchema = z.object({
  firstName: z.string(),
  vehicle: z.enum(VEHICLES),
  onShift: z.boolean(),
  suspended: z.boolean(),
  /** The shop they ride for; null: the fleet. */
  shop: z.string().nullable(),
});

export const ZJobParamsSchema = z.object({ id: z.uuid() });
