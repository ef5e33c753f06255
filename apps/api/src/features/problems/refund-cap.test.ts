import { describe, expect, it } from 'vitest';
import { type CapOrder, paidFor, refundCap } from './refund-cap.ts';

const order = (over: Partial<CapOrder> = {}): CapOrder => ({
  subtotal: 10_000,
  discount: 0,
  discounts: [],
  total: 10_500,
  creditUsed: 0,
  refunded: 0,
  ...over,
});

describe('the refund cap', () => {
  it('is what was paid for the lines reported, their discount share taken off', () => {
    // 10 % off the goods: a 4,000 line of 4 cost 3,600; 1 of them 900.
    const discounted = order({ discount: 1000, discounts: [{ appliesTo: 'goods', amount: 1000 }], total: 9_500 });
    const line = { total: 4000, boughtMilli: 4000, reportedMilli: 1000 };
    expect(paidFor(discounted, line)).toBe(900);
    expect(refundCap(discounted, { lines: [line], refunded: 0 }, [line])).toEqual({ method: 900, credit: 900 });
  });

  it('leaves the delivery discount on the delivery', () => {
    const free = order({ discount: 500, discounts: [{ appliesTo: 'delivery', amount: 500 }], total: 10_000 });
    expect(paidFor(free, { total: 4000, boughtMilli: 2000, reportedMilli: 2000 })).toBe(4000);
  });

  it('takes off what the problem and the order already gave back', () => {
    const a = { total: 4000, boughtMilli: 1000, reportedMilli: 1000 };
    const b = { total: 6000, boughtMilli: 1000, reportedMilli: 1000 };
    // This problem (b) gave 1,000 already; another problem (a) gave 4,000.
    const cap = refundCap(order({ refunded: 5000 }), { lines: [b], refunded: 1000 }, [a, b]);
    expect(cap.credit).toBe(5000);
    // The same line reported twice is paid once.
    const twice = { ...a, reportedMilli: 2000 };
    expect(refundCap(order({ refunded: 4000 }), { lines: [a], refunded: 0 }, [twice]).credit).toBe(0);
  });

  it('gives the method back no more than it paid; credit may take the rest', () => {
    const line = { total: 10_000, boughtMilli: 1000, reportedMilli: 1000 };
    const cap = refundCap(order({ creditUsed: 7000 }), { lines: [line], refunded: 0 }, [line]);
    expect(cap).toEqual({ method: 3500, credit: 10_000 });
  });
});
