import { openingsOn, type ShopWeek } from './shop-week.ts';
import { addDays, wallClock, zonedInstant } from './zoned-time.ts';

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
      const open = shops.every((shop) =>
        openingsOn(shop, date, weekday).some(([from, to]) => minutes - shop.leadMinutes >= from && minutes <= to),
      );
      if (open) slots.push(start);
    }
  }
  return slots;
}

/**
 * Whether a shop can take an order for as soon as possible: it is open now (and today is not
 * one of its closed days), and what it starts now reaches the door before it closes. The rule
 * of a delivery window, with the window at now plus the shop's lead time. Hours that run to
 * midnight and go on at midnight the next day are one opening (a shop open around the clock
 * takes an order at 23:50).
 */
export function deliversNow(shop: SlotShop, timeZone: string, now: Date): boolean {
  const { date, weekday, minutes } = wallClock(now, timeZone);
  const opening = openingsOn(shop, date, weekday).find(([from, to]) => minutes >= from && minutes < to);
  if (!opening) return false;
  let closes = opening[1];
  // On past midnight while the next day opens at 00:00 (a week at most: a shop never closing).
  for (let day = 1; closes === day * 24 * 60 && closes < minutes + shop.leadMinutes && day <= 7; day++) {
    const next = openingsOn(shop, addDays(date, day), (weekday + day) % 7).find(([from]) => from === 0);
    if (next) closes += next[1];
  }
  return minutes + shop.leadMinutes <= closes;
}

/** Whether `at` is the start of one of the windows the cart can be scheduled for now. */
export function isDeliverySlot(at: Date, shops: readonly SlotShop[], timeZone: string, now: Date): boolean {
  return deliverySlots(shops, timeZone, now).some((slot) => slot.getTime() === at.getTime());
}
