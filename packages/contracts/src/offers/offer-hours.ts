import { z } from 'zod';

/**
 * The hours an offer runs each day, on its market's clock, as API clients write and read them:
 * "HH:MM" (24-hour, 00:00–23:59), the way a timetable, a menu and an `<input type="time">` say
 * it, so a request reads "lunch, 11:00 to 14:00" without sums and no client has to know what
 * minutes we count from. The database keeps minutes after midnight (`offers.hours`); `to`
 * before `from` runs past midnight (22:00–02:00); the two are never the same (that would be
 * all day: leave `hours` out instead).
 */
const ZClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM, 00:00 to 23:59');

export const ZOfferHoursSchema = z
  .object({ from: ZClockTimeSchema, to: ZClockTimeSchema })
  .strict()
  .refine((hours) => hours.from !== hours.to, {
    message: 'It ends at another time than it starts',
    path: ['to'],
  });
export type OfferHours = z.infer<typeof ZOfferHoursSchema>;

/** "11:30" → 690, minutes after midnight (as the database and pricing keep them). */
export function minutesOfClock(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 690 → "11:30". */
export function clockOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Stored minutes → the contract's hours (null: all day). */
export function offerHoursOf(hours: { from: number; to: number } | null): OfferHours | null {
  return hours ? { from: clockOfMinutes(hours.from), to: clockOfMinutes(hours.to) } : null;
}

/** The contract's hours → stored minutes (null: all day). */
export function storedOfferHours(hours: OfferHours | null): { from: number; to: number } | null {
  return hours ? { from: minutesOfClock(hours.from), to: minutesOfClock(hours.to) } : null;
}

/** At most this many items in one offer: a scope, not a catalog. */
export const OFFER_ITEMS_MAX = 50;

/** The items an offer is limited to: 1 to 50 distinct ids (null: every item of the shop). */
export const ZOfferItemIdsSchema = z
  .array(z.uuid())
  .min(1, 'Choose at least one item, or none for every item')
  .max(OFFER_ITEMS_MAX, `At most ${OFFER_ITEMS_MAX} items`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each item once');
