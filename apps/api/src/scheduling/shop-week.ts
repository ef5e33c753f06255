import type { WeeklyHours } from '@malewa/contracts/catalog/catalog-values';

/** When a shop works: its week's hours, and whole days it closes whatever the hours say. */
export interface ShopWeek {
  hours: WeeklyHours;
  /** Calendar dates (YYYY-MM-DD) on the market's clock. */
  closedDates: readonly string[];
}

/** The shop's [open, close] minute ranges on a calendar date (`weekday`: Monday 0); none on a closed day. */
export function openingsOn(shop: ShopWeek, date: string, weekday: number): readonly (readonly [number, number])[] {
  return shop.closedDates.includes(date) ? [] : (shop.hours[weekday] ?? []);
}
