import type { WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import { wallClock } from '@malewa/contracts/zoned-time';
import { describe, expect, it } from 'vitest';
import { deliversNow, deliverySlots, isDeliverySlot } from './delivery-slots.ts';

const NAIROBI = 'Africa/Nairobi';
// Tuesday 24 November 2026, 12:30 in Nairobi.
const NOW = new Date('2026-11-24T09:30:00Z');
const every = (ranges: [number, number][]): WeeklyHours => Array.from({ length: 7 }, () => ranges);
const lunchDinner = every([
  [11 * 60 + 30, 15 * 60],
  [17 * 60 + 30, 22 * 60 + 30],
]);
const shop = every([[8 * 60, 20 * 60]]);

const local = (slots: Date[]) => slots.map((slot) => wallClock(slot, NAIROBI));

describe('delivery windows', () => {
  it('start no sooner than the shop can deliver, on the half hour, while it is open', () => {
    const slots = local(deliverySlots([{ hours: lunchDinner, closedDates: [], leadMinutes: 45 }], NAIROBI, NOW, 1));
    // 12:30 now + 45 minutes: 13:30 is the first; the lunch service sends its last at 15:00.
    expect(slots[0]).toMatchObject({ date: '2026-11-24', minutes: 13 * 60 + 30 });
    expect(slots.map((slot) => slot.minutes)).toContain(15 * 60);
    expect(slots.map((slot) => slot.minutes)).not.toContain(15 * 60 + 30);
    // Dinner: the kitchen starts at 17:30, so 18:30 is its first window (45 minutes' lead).
    expect(slots.map((slot) => slot.minutes)).not.toContain(18 * 60);
    expect(slots.map((slot) => slot.minutes)).toContain(18 * 60 + 30);
    expect(slots.at(-1)?.minutes).toBe(22 * 60 + 30);
    for (const slot of slots) expect(slot.minutes % 30).toBe(0);
  });

  it('of a cart of several shops are the windows all of them can make', () => {
    const both = local(
      deliverySlots(
        [
          { hours: lunchDinner, closedDates: [], leadMinutes: 45 },
          { hours: shop, closedDates: [], leadMinutes: 30 },
        ],
        NAIROBI,
        NOW,
        1,
      ),
    ).map((slot) => slot.minutes);
    expect(both).toContain(14 * 60);
    // The shop closes at 20:00, the kitchen's dinner starts at 18:30.
    expect(both).toContain(18 * 60 + 30);
    expect(both).toContain(20 * 60);
    expect(both).not.toContain(20 * 60 + 30);
  });

  it('run some days ahead, closed days having none', () => {
    const closedSunday: WeeklyHours = [...every([[8 * 60, 20 * 60]]).slice(0, 6), []];
    const days = new Set(
      local(deliverySlots([{ hours: closedSunday, closedDates: [], leadMinutes: 30 }], NAIROBI, NOW)).map(
        (s) => s.date,
      ),
    );
    expect([...days]).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    const fromSaturday = new Date('2026-11-28T05:00:00Z');
    const weekend = new Set(
      local(deliverySlots([{ hours: closedSunday, closedDates: [], leadMinutes: 30 }], NAIROBI, fromSaturday)).map(
        (s) => s.date,
      ),
    );
    expect(weekend.has('2026-11-29')).toBe(false);
    expect(weekend.has('2026-11-30')).toBe(true);
  });

  it('skip a shop’s closed days, whatever its hours say', () => {
    const days = new Set(
      local(deliverySlots([{ hours: shop, closedDates: ['2026-11-25'], leadMinutes: 30 }], NAIROBI, NOW)).map(
        (s) => s.date,
      ),
    );
    expect([...days]).toEqual(['2026-11-24', '2026-11-26', '2026-11-27']);
    // Of a cart of two shops, the day one of them closes has no window either.
    const both = deliverySlots(
      [
        { hours: shop, closedDates: [], leadMinutes: 30 },
        { hours: shop, closedDates: ['2026-11-26'], leadMinutes: 30 },
      ],
      NAIROBI,
      NOW,
    );
    expect(new Set(local(both).map((s) => s.date)).has('2026-11-26')).toBe(false);
  });

  it('are none for a cart without shops, and a chosen one is checked against them', () => {
    expect(deliverySlots([], NAIROBI, NOW)).toEqual([]);
    const shops = [{ hours: shop, closedDates: [], leadMinutes: 30 }];
    expect(isDeliverySlot(new Date('2026-11-24T12:00:00Z'), shops, NAIROBI, NOW)).toBe(true);
    expect(isDeliverySlot(new Date('2026-11-24T12:15:00Z'), shops, NAIROBI, NOW)).toBe(false);
    expect(isDeliverySlot(new Date('2026-11-24T09:30:00Z'), shops, NAIROBI, NOW)).toBe(false);
  });

  it('run across midnight for a shop whose hours go on past it', () => {
    // Open 18:00 to 02:00, written as two days' hours; 45 minutes' lead.
    const lateBar = {
      hours: every([
        [0, 2 * 60],
        [18 * 60, 24 * 60],
      ]),
      closedDates: [],
      leadMinutes: 45,
    };
    const onWednesday = (closedDates: string[]) =>
      local(deliverySlots([{ ...lateBar, closedDates }], NAIROBI, NOW, 2))
        .filter((slot) => slot.date === '2026-11-25')
        .map((slot) => slot.minutes);
    const minutes = onWednesday([]);
    // 00:30 is cooked from 23:45 the day before; 02:00 is the last; 02:30 is after closing.
    expect(minutes).toContain(30);
    expect(minutes).toContain(2 * 60);
    expect(minutes).not.toContain(2 * 60 + 30);
    // 18:45 at the soonest in the evening, so 19:00 is its first window.
    expect(minutes).not.toContain(18 * 60 + 30);
    expect(minutes).toContain(19 * 60);
    // Closed the day before: nothing is cooked across midnight into Wednesday.
    expect(onWednesday(['2026-11-24'])).not.toContain(30);
    expect(onWednesday(['2026-11-24'])).toContain(60);
  });
});

describe('an order for as soon as possible', () => {
  const at = (iso: string) => new Date(iso);
  const kitchen = { hours: lunchDinner, closedDates: [], leadMinutes: 45 };

  it('is taken while the shop is open and can deliver before it closes', () => {
    // 12:30 in Nairobi: lunch runs to 15:00.
    expect(deliversNow(kitchen, NAIROBI, NOW)).toBe(true);
    // 14:15 + 45 minutes is 15:00, the last of lunch; 14:16 is too late for it.
    expect(deliversNow(kitchen, NAIROBI, at('2026-11-24T11:15:00Z'))).toBe(true);
    expect(deliversNow(kitchen, NAIROBI, at('2026-11-24T11:16:00Z'))).toBe(false);
  });

  it('is not taken before the shop opens, between its services, or on its closed day', () => {
    expect(deliversNow(kitchen, NAIROBI, at('2026-11-24T05:00:00Z'))).toBe(false);
    expect(deliversNow(kitchen, NAIROBI, at('2026-11-24T13:00:00Z'))).toBe(false);
    // 17:30, as dinner opens.
    expect(deliversNow(kitchen, NAIROBI, at('2026-11-24T14:30:00Z'))).toBe(true);
    expect(deliversNow({ ...kitchen, closedDates: ['2026-11-24'] }, NAIROBI, NOW)).toBe(false);
    const closedTuesday: WeeklyHours = [[[8 * 60, 20 * 60]], [], ...every([[8 * 60, 20 * 60]]).slice(2)];
    expect(deliversNow({ ...kitchen, hours: closedTuesday }, NAIROBI, NOW)).toBe(false);
  });

  it('is taken near midnight from a shop whose hours go on past it', () => {
    const allDay = { hours: every([[0, 24 * 60]]), closedDates: [], leadMinutes: 45 };
    // 23:50 in Nairobi.
    const lateNight = at('2026-11-24T20:50:00Z');
    expect(deliversNow(allDay, NAIROBI, lateNight)).toBe(true);
    // Open to midnight, and the next day from 06:00: closed before it could deliver.
    const toMidnight = { ...allDay, hours: every([[6 * 60, 24 * 60]]) };
    expect(deliversNow(toMidnight, NAIROBI, lateNight)).toBe(false);
    // Open until 02:00 the next night, written as two days' hours.
    const lateBar = {
      ...allDay,
      hours: every([
        [0, 2 * 60],
        [18 * 60, 24 * 60],
      ]),
    };
    expect(deliversNow(lateBar, NAIROBI, lateNight)).toBe(true);
    // …but not when the next day is a closed day.
    expect(deliversNow({ ...lateBar, closedDates: ['2026-11-25'] }, NAIROBI, lateNight)).toBe(false);
  });
});
