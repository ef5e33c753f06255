import { z } from 'zod';
import { ZCountryCodeSchema, ZCurrencyCodeSchema } from '../markets.ts';

export const LOCATION_KINDS = ['city', 'area'] as const;

export const ZLocationSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  parentId: z.uuid().nullable(),
  countryCode: ZCountryCodeSchema,
  /** The marketplace's currencies, the main one first (Zimbabwe: USD, then ZWG). */
  currencies: z.array(ZCurrencyCodeSchema).min(1),
  timezone: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type Location = z.infer<typeof ZLocationSchema>;

const ZSlugSchema = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

/** What an operator sends to create or replace a location. */
export const ZLocationInputSchema = z.object({
  name: z.string().trim().min(2).max(120),
  slug: ZSlugSchema.optional(),
  kind: z.enum(LOCATION_KINDS).default('city'),
  parentId: z.uuid().nullable().default(null),
  countryCode: ZCountryCodeSchema,
  timezone: z.string().trim().min(3).max(64).optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  isActive: z.boolean().default(true),
});

export type LocationInput = z.infer<typeof ZLocationInputSchema>;

export const ZLocationIdParamsSchema = z.object({ id: z.uuid() });
