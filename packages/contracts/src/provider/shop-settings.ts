import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrencyCodeSchema } from '../markets.ts';
import { singleLine } from '../text.ts';

/** Minutes after midnight; a day's range may end at 24:00 (1440). */
const minute = z.number().int().min(0).max(1440);
const money = z.number().int().min(0).max(10_000_000);

/** How many closed days a shop keeps ahead. */
export const MAX_CLOSED_DATES = 60;

/**
 * A shop's settings as its provider keeps them (docs/product/providers.md, provider console):
 * the week's opening hours, how far it delivers and for what fee, the smallest order, how long
 * it prepares, a pause on taking orders, and its VAT registration (its invoices: issue 32).
 * Amounts are minor units of the shop's currency.
 */
export const ZShopSettingsSchema = z
  .object({
    /** Monday first: [open, close] minutes after midnight, local time; an empty day is closed. */
    hours: z
      .array(z.array(z.tuple([minute, minute]).refine(([open, close]) => open < close, 'Closing comes after opening')))
      .length(7),
    deliveryRadiusKm: z.number().min(0.5).max(50),
    deliveryFeeBase: money,
    deliveryFeePerKm: money,
    /** A subtotal from which delivery is free; null: never free. */
    freeDeliveryAbove: money.nullable(),
    minimumOrder: money,
    prepMinutes: z.number().int().min(5).max(240),
    /** Listed, but taking no orders until unpaused. */
    paused: z.boolean(),
    /**
     * Whole days closed whatever the hours say (YYYY-MM-DD, the market's calendar), a year ahead
     * at most; days already past are dropped when the settings are saved.
     */
    closedDates: z
      .array(z.iso.date('A date as YYYY-MM-DD'))
      .max(MAX_CLOSED_DATES, `${MAX_CLOSED_DATES} closed days at most`)
      .default([]),
    /**
     * Registered for VAT: its number, as its market writes them (`vat-number.ts`: checked per
     * market, kept without spaces, in capitals); null or empty: not registered, and its invoices
     * are receipts that charge no VAT. Left out: kept as it is.
     */
    vatNumber: singleLine().trim().max(32).nullable().optional(),
    /** The registered name its invoices print beside its trading name; null or empty: none. Left out: kept. */
    legalName: singleLine().trim().max(160).nullable().optional(),
  })
  .strict();
export type ShopSettings = z.infer<typeof ZShopSettingsSchema>;

/** `GET` and `PUT /api/provider/shops/{shopId}/settings`: with the currency its amounts are in. */
export const ZShopSettingsResponseSchema = dataEnvelope(
  ZShopSettingsSchema.extend({
    currency: ZCurrencyCodeSchema,
    vatNumber: z.string().nullable(),
    legalName: z.string().nullable(),
  }),
);
