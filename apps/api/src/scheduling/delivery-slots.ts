import { addDays, wallClock, zonedInstant } from '@malewa/contracts/zoned-time';
import { openingsOn, type ShopWeek } from './shop-week.ts';

/** A delivery window is half an hour; windows start on the half hour. */
export const SLOT_MINUTES = 30;
/** How many days, today first, a delivery can be scheduled for. */
export const SLOT_DAYS = 4;

/** A shop of the cart: its hours and closed days, and how long from its start on an order to the door. */
export interface SlotShop extends ShopWeek {
  leadMinutes: number;
}

/**
 * The delivery windows a cart can be scheduled for, as their starts: from now to `SLOT_DAYS`
 * days ahead on the market's clock, each window one every shop of the cart can make, that is
 * each shop is open (and it is not one of its closed days) from when it must start (the
 * window's start less its lead time) to the window's start, and that start is not before the soonest the slowest shop can deliver.
 */
export function deliverySlots(shops: readonly SlotShop[], timeZone: string, now: Date, days = SLOT_DAYS): Date[] {
  if (shops.length === 0) return [];
  const soonest = now.getTime() + Math.max(...shops.map((shop) => shop.leadMinutes)) * 60_000;
  const today = wallClock(now, timeZone).date;
  const slots: Date[] = [];
  for (let day = 0; day < days; day++) {
    const date = addDays(today, day);
    const weekday = wallClock(zonedInstant(date, 12 * 60, timeZone), timeZone).weekday;
    for (let minutes = 0; minutes < 24 * 60; minutes += SLOT_MINUTES) {
      const start = zonedInstant(date, minutes, timeZone);
      if (start.getTime() < soonest) continue;
      const open = shops.every((shop) => openThrough(shop, date, weekday, minutes - shop.leadMinutes, minutes));
      if (open) slots.push(start);
    }
  }
  return slots;
}

/**
 * Whether a shop can take an order for as soon as possible: it is open now (and today is not
 * one of its closed days), and what it starts now reaches the door before it closes. The rule
 * of a delivery window, with the window at now plus the shop's lead time.
 */
export function deliversNow(shop: SlotShop, timeZone: string, now: Date): boolean {
  const { date, weekday, minutes } = wallClock(now, timeZone);
  return openThrough(shop, date, weekday, minutes, minutes + shop.leadMinutes);
}

const DAY_MINUTES = 24 * 60;

/**
 * Whether the shop is open without a break from `from` to `to`, minutes from the start of
 * `date` (`weekday` its day, Monday 0); either may fall on the day before or after. Hours
 * that run to midnight and go on at midnight the next day are one opening: a late kitchen
 * open until 02:00 cooks across midnight, and a shop open around the clock never closes.
 */
function openThrough(shop: ShopWeek, date: string, weekday: number, from: number, to: number): boolean {
  const spans: [number, number][] = [];
  for (let day = Math.floor(from / DAY_MINUTES); day <= Math.floor(to / DAY_MINUTES); day++) {
    const offset = day * DAY_MINUTES;
    for (const [opens, closes] of openingsOn(shop, addDays(date, day), (((weekday + day) % 7) + 7) % 7)) {
      spans.push([opens + offset, closes + offset]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  // Openings that meet or overlap are one: the shop is open throughout.
  const merged: [number, number][] = [];
  for (const [opens, closes] of spans) {
    const last = merged.at(-1);
    if (last && opens <= last[1]) last[1] = Math.max(last[1], closes);
    else merged.push([opens, closes]);
  }
  return merged.some(([opens, closes]) => opens <= from && to <= closes);
}

/** Whether `at` is the start of one of the windows the cart can be scheduled for now. */
export function isDeliverySlot(at: Date, shops: readonly SlotShop[], timeZone: string, now: Date): boolean {
  return deliverySlots(shops, timeZone, now).some((slot) => slot.getTime() === at.getTime());
}
