import { describe, expect, it } from 'vitest';
import { type CouponOffer, evaluateCoupon } from './evaluate-coupon.ts';

const NOW = new Date('2026-11-24T09:30:00Z');
const offer: CouponOffer = {
  id: 'o',
  code: 'KARIBU10',
  kind: 'percent',
  value: 10,
  minimumSubtotalMinor: 100_000,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
  totalLimit: 100,
  perShopperLimit: 1,
  redemptions: 3,
  providerSlug: null,
  fundedBy: 'marketplace',
  title: null,
};
const subtotals = new Map([['mama-oliech', 150_000]]);

describe('evaluateCoupon', () => {
  it('takes a whole-percent discount, rounded down', () => {
    expect(evaluateCoupon({ offer, usedByShopper: 0, now: NOW }, 150_005, subtotals)).toEqual({
      problem: null,
      discountMinor: 15_000,
      eligibleMinor: 150_005,
    });
  });

  it('names the first reason it does not apply', () => {
    const judge = (patch: Partial<CouponOffer>, used: number | null = 0, subtotal = 150_000) =>
      evaluateCoupon({ offer: { ...offer, ...patch }, usedByShopper: used, now: NOW }, subtotal, subtotals).problem;
    expect(judge({}, null)).toBe('sign_in');
    expect(judge({ startsAt: new Date('2026-11-25T00:00:00Z') })).toBe('not_started');
    expect(judge({ endsAt: NOW })).toBe('expired');
    expect(judge({ redemptions: 100 })).toBe('used_up');
    expect(judge({}, 1)).toBe('already_used');
    expect(judge({ providerSlug: 'someone-else' })).toBe('provider_not_in_cart');
    expect(judge({}, 0, 99_999)).toBe('below_minimum');
    expect(judge({ totalLimit: null, perShopperLimit: null }, 7)).toBeNull();
  });

  it('gives free delivery nothing off the goods, and a fixed amount at most the subtotal', () => {
    expect(
      evaluateCoupon(
        { offer: { ...offer, kind: 'free-delivery', value: 0 }, usedByShopper: 0, now: NOW },
        150_000,
        subtotals,
      ).discountMinor,
    ).toBe(0);
    expect(
      evaluateCoupon(
        { offer: { ...offer, kind: 'fixed', value: 500_000, minimumSubtotalMinor: 0 }, usedByShopper: 0, now: NOW },
        120_000,
        subtotals,
      ).discountMinor,
    ).toBe(120_000);
  });
});
