import { z } from 'zod';
import { JOB_STATUSES, VEHICLES } from './vocabulary.ts';

/** A rider as the consoles list them. */
export const ZRiderSchema = z.object({
  id: z.uuid(),
  /** The first name shoppers see, and the whole name for the consoles. */
  firstName: z.string(),
  name: z.string(),
  /** The email or phone they sign in with. */
  contact: z.string().nullable(),
  vehicle: z.enum(VEHICLES),
  onShift: z.boolean(),
  /** A rider of the fleet when null. */
  shopId: z.uuid().nullable(),
  /** Fleet riders: the city they serve (every shop of it), if any, and the shops assigned. */
  locationId: z.uuid().nullable(),
  shopIds: z.array(z.uuid()),
  suspended: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  /** Busy with a job now. */
  busy: z.boolean(),
});
export type Rider = z.infer<typeof ZRiderSchema>;

export const ZRiderParamsSchema = z.object({ riderId: z.uuid() });
export const ZShopRiderParamsSchema = z.object({ shopId: z.uuid(), riderId: z.uuid() });

/** A person to add as a rider: the email or phone their Malewa account signs in with. */
export const ZAddRiderBaseSchema = z.object({
  identifier: z.string().trim().min(3, 'Enter the email or phone number of their account').max(254),
  vehicle: z.enum(VEHICLES),
});

/** An order's delivery as its shopper and its shop see it. */
export const ZOrderDeliverySchema = z.object({
  status: z.enum(JOB_STATUSES),
  rider: z.object({ firstName: z.string(), vehicle: z.enum(VEHICLES) }).nullable(),
  /** Where the rider is, once the order is picked up and until it is delivered. */
  position: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      accuracy: z.number(),
      at: z.iso.datetime(),
    })
    .nullable(),
  /** Minutes to the door from the rider's last position and recent speed. */
  etaMinutes: z.number().int().min(0).nullable(),
  /** Five wrong codes: the shop or an operator completes the delivery. */
  codeLocked: z.boolean(),
});
export type OrderDelivery = z.infer<typeof ZOrderDeliverySchema>;

/** A `rider.position` event of an order's stream. */
export const ZRiderPositionEventSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number(),
  at: z.iso.datetime(),
  etaMinutes: z.number().int().min(0).nullable(),
});
export type RiderPositionEvent = z.infer<typeof ZRiderPositionEventSchema>;
