import { describe, expect, it } from 'vitest';
import { type AutomaticOffer, type GroupToPrice, type PricingOffer, priceGroups } from './price-groups.ts';

// 10:00 in Johannesburg (UTC+2).
const NOW = new Date('2026-03-10T08:00:00Z');
const ZONE = 'Africa/Johannesburg';

function shop(providerSlug: string, lines: [string, number][], fee = 3500): GroupToPrice {
  const goods = lines.reduce((sum, [, total]) => sum + total, 0);
  return { providerSlug, lines: lines.map(([itemId, total]) => ({ itemId, total })), goods, fee };
}

function offer(id: string, overrides: Partial<AutomaticOffer> = {}): AutomaticOffer {
  return {
    id,
    code: null,
    kind: 'percent',
    value: 10,
    providerSlug: null,
    fundedBy: 'marketplace',
    title: null,
    minimumSubtotal: 0,
    startsAt: new Date('2026-03-01T00:00:00Z'),
    endsAt: new Date('2026-04-01T00:00:00Z'),
    itemIds: null,
    hours: null,
    ...overrides,
  };
}

function coupon(overrides: Partial<PricingOffer> = {}): PricingOffer {
  return {
    id: 'coupon',
    code: 'WELCOME',
    kind: 'percent',
    value: 10,
    providerSlug: null,
    fundedBy: 'marketplace',
    title: null,
    ...overrides,
  };
}

const amounts = (priced: ReturnType<typeof priceGroups>) =>
  priced.map((group) => group.discounts.map((line) => [line.source, line.offer.id, line.appliesTo, line.amount]));

describe('one pricing rule', () => {
  it('gives a percent offer from its minimum, judged per shop, rounding down', () => {
    const groups = [shop('mzansi', [['a', 23_005]]), shop('kota', [['b', 14_999]])];
    const priced = priceGroups(groups, [offer('ten', { minimumSubtotal: 15_000 })], null, NOW, ZONE);
    expect(amounts(priced)).toEqual([[['offer', 'ten', 'goods', 2300]], []]);
    expect(priced[0]).toMatchObject({ discount: 2300, total: 23_005 + 3500 - 2300 });
    expect(priced[1]).toMatchObject({ discount: 0, total: 14_999 + 3500 });
  });

  it('takes only the best automatic offer per shop; ties go to the shop’s own, then the soonest end', () => {
    const groups = [shop('mzansi', [['a', 20_000]])];
    const offers = [
      offer('ten', { value: 10 }),
      offer('free', { kind: 'free-delivery', value: 0, providerSlug: 'mzansi' }),
      offer('fixed', { kind: 'fixed', value: 1000 }),
    ];
    expect(amounts(priceGroups(groups, offers, null, NOW, ZONE))).toEqual([[['offer', 'free', 'delivery', 3500]]]);
    const tied = [
      offer('late', { kind: 'fixed', value: 2000, endsAt: new Date('2026-05-01T00:00:00Z') }),
      offer('soon', { kind: 'fixed', value: 2000, endsAt: new Date('2026-03-20T00:00:00Z') }),
    ];
    expect(amounts(priceGroups(groups, tied, null, NOW, ZONE))).toEqual([[['offer', 'soon', 'goods', 2000]]]);
    const own = [...tied, offer('own', { kind: 'fixed', value: 2000, providerSlug: 'mzansi' })];
    expect(amounts(priceGroups(groups, own, null, NOW, ZONE))).toEqual([[['offer', 'own', 'goods', 2000]]]);
  });

  it('runs an offer only between its start and end, and within its hours on the market’s clock', () => {
    const groups = [shop('mzansi', [['a', 20_000]])];
    const cases: [Partial<AutomaticOffer>, boolean][] = [
      [{ startsAt: new Date('2026-03-10T08:00:00Z') }, true],
      [{ startsAt: new Date('2026-03-10T08:00:01Z') }, false],
      [{ endsAt: new Date('2026-03-10T08:00:00Z') }, false],
      [{ hours: { from: 9 * 60, to: 11 * 60 } }, true],
      [{ hours: { from: 11 * 60, to: 14 * 60 } }, false],
      // Across midnight: 22:00 to 10:30 takes in 10:00; 22:00 to 10:00 does not.
      [{ hours: { from: 22 * 60, to: 10 * 60 + 30 } }, true],
      [{ hours: { from: 22 * 60, to: 10 * 60 } }, false],
    ];
    for (const [overrides, runs] of cases) {
      const priced = priceGroups(groups, [offer('o', overrides)], null, NOW, ZONE);
      expect(priced[0]?.discount, JSON.stringify(overrides)).toBe(runs ? 2000 : 0);
    }
  });

  it('counts only its items towards an item offer’s minimum and discount', () => {
    const groups = [
      shop('mzansi', [
        ['wors', 8000],
        ['pap', 12_000],
      ]),
    ];
    const scoped = offer('wors', { itemIds: ['wors'], value: 50, minimumSubtotal: 5000 });
    expect(amounts(priceGroups(groups, [scoped], null, NOW, ZONE))).toEqual([[['offer', 'wors', 'goods', 4000]]]);
    const tooHigh = { ...scoped, minimumSubtotal: 9000 };
    expect(priceGroups(groups, [tooHigh], null, NOW, ZONE)[0]?.discount).toBe(0);
    const elsewhere = { ...scoped, itemIds: ['chakalaka'], minimumSubtotal: 0 };
    expect(priceGroups(groups, [elsewhere], null, NOW, ZONE)[0]?.discount).toBe(0);
  });

  it('puts the coupon on what the automatic offer left, shared over the shops by goods left', () => {
    const groups = [shop('mzansi', [['a', 20_000]]), shop('kota', [['b', 10_000]])];
    const offers = [offer('half', { value: 50, providerSlug: 'mzansi' })];
    // Goods left: 10 000 and 10 000; 10 % of 20 000 is 2 000, 1 000 each.
    expect(amounts(priceGroups(groups, offers, coupon(), NOW, ZONE))).toEqual([
      [
        ['offer', 'half', 'goods', 10_000],
        ['coupon', 'coupon', 'goods', 1000],
      ],
      [['coupon', 'coupon', 'goods', 1000]],
    ]);
  });

  it('never goes below zero: a fixed coupon stops at the goods left, free delivery at the fee left', () => {
    const groups = [shop('mzansi', [['a', 5000]], 3000)];
    const offers = [offer('most', { kind: 'fixed', value: 4000 })];
    const fixed = priceGroups(groups, offers, coupon({ kind: 'fixed', value: 5000 }), NOW, ZONE);
    expect(fixed[0]).toMatchObject({ discount: 5000, total: 3000 });
    const free = [offer('free', { kind: 'free-delivery', value: 0 })];
    const twice = priceGroups(groups, free, coupon({ kind: 'free-delivery', value: 0 }), NOW, ZONE);
    expect(amounts(twice)).toEqual([[['offer', 'free', 'delivery', 3000]]]);
    expect(twice[0]).toMatchObject({ discount: 3000, total: 5000 });
  });

  it('gives a shop’s coupon only to that shop, and no offer worth nothing', () => {
    const groups = [shop('mzansi', [['a', 20_000]], 0), shop('kota', [['b', 10_000]])];
    const offers = [offer('free', { kind: 'free-delivery', value: 0, providerSlug: 'mzansi' })];
    const priced = priceGroups(groups, offers, coupon({ kind: 'fixed', value: 1500, providerSlug: 'kota' }), NOW, ZONE);
    expect(amounts(priced)).toEqual([[], [['coupon', 'coupon', 'goods', 1500]]]);
  });
});
