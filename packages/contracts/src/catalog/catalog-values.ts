/**
 * Catalog values as the database stores them and services work with them, before they are
 * shaped for a page. They live here, not in the database's schema, so that code outside the
 * repositories can use them without reaching for tables.
 */

/** A text in several languages, keyed by BCP 47 code; at least one entry. */
export type LocalizedText = Record<string, string>;

/**
 * Opening hours per weekday in the market's time zone, Monday first: each day a list of
 * [open, close] minutes after midnight (a break is two ranges; an empty list is closed).
 */
export type WeeklyHours = [number, number][][];

/** A required choice (size, side) or optional extras, with prices in minor units. */
export interface ItemOption {
  name: LocalizedText;
  required: boolean;
  min: number;
  max: number;
  choices: { name: LocalizedText; price: number }[];
}
