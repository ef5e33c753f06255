import { z } from 'zod';
import { ZCountryCodeSchema } from '../markets.ts';
import { ZDeliveryAddressSchema } from '../orders/order.ts';

/** Most addresses one shopper keeps. */
export const MAX_SAVED_ADDRESSES = 20;

/** What the shopper writes: a delivery address (with its pin) and their name for it. */
export const ZSavedAddressInputSchema = ZDeliveryAddressSchema.extend({
  label: z.string().trim().min(1).max(40),
  /** Make it the address checkout starts with (the first one always is). */
  isDefault: z.boolean().default(false),
});
export type SavedAddressInput = z.infer<typeof ZSavedAddressInputSchema>;

export const ZSavedAddressSchema = ZDeliveryAddressSchema.extend({
  id: z.uuid(),
  label: z.string(),
  countryCode: ZCountryCodeSchema,
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof ZSavedAddressSchema>;

export const ZAddressParamsSchema = z.object({ id: z.uuid() });
