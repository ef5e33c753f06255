import { z } from 'zod';
import { ZCountryCodeSchema, ZCurrencyCodeSchema } from '../markets.ts';
import { singleLine } from '../text.ts';

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

const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** A time zone this runtime (and so the database's clients) knows, by its IANA name. */
function isTimeZone(value: string): boolean {
  return TIME_ZONES.has(value);
}

/** What an operator sends to create or replace a location. */
export const ZLocationInputSchema = z.object({
  name: singleLine().trim().min(2).max(120),
  slug: ZSlugSchema.optional(),
  kind: z.enum(LOCATION_KINDS).default('city'),
  parentId: z.uuid().nullable().default(null),
  countryCode: ZCountryCodeSchema,
  timezone: singleLine().trim().refine(isTimeZone, 'Use an IANA time zone, e.g. Africa/Nairobi').optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  isActive: z.boolean().default(true),
});

export type LocationInput = z.infer<typeof ZLocationInputSchema>;

export const ZLocationIdParamsSchema = z.object({ id: z.uuid() });
