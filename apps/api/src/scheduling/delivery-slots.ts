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

/** Whether `at` is the start of one of the windows the cart can be scheduled for now. */
export function isDeliverySlot(at: Date, shops: readonly SlotShop[], timeZone: string, now: Date): boolean {
  return deliverySlots(shops, timeZone, now).some((slot) => slot.getTime() === at.getTime());
}
