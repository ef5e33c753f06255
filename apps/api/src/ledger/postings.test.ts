import { describe, expect, it } from 'vitest';
import {
  deliveredPosting,
  goodwillPosting,
  type LedgerEntry,
  type OrderMoney,
  payoutPosting,
  placedPosting,
  problemRefundPosting,
  refundToCreditPosting,
  reversalOf,
} from './postings.ts';

/** A seeded generator (mulberry32): the same orders every run, no new dependency. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

function randomOrder(next: (below: number) => number, index: number): OrderMoney {
  const subtotal = 1000 + next(100_000);
  const deliveryFee = next(4) === 0 ? 0 : 500 + next(5000);
  const shopOff = next(3) === 0 ? next(Math.floor(subtotal / 2)) : 0;
  const platformOff = next(3) === 0 ? Math.min(next(subtotal), subtotal + deliveryFee - shopOff) : 0;
  const tip = next(2) === 0 ? next(Math.floor((subtotal - shopOff) / 2)) : 0;
  const total = subtotal + deliveryFee - shopOff - platformOff + tip;
  const creditUsed = next(3) === 0 ? next(total + 1) : 0;
  return {
    id: `order-${index}`,
    userId: `user-${index % 7}`,
    shopId: `shop-${index % 5}`,
    subtotal,
    deliveryFee,
    discounts: [
      { fundedBy: 'shop', amount: shopOff },
      { fundedBy: 'marketplace', amount: platformOff },
    ],
    tip,
    total,
    creditUsed,
    paidThrough: next(2) === 0 && creditUsed < total ? 'sandbox' : null,
    commissionBp: next(3000),
  };
}

// `|| 0`: a sum of nothing negated is −0, which is no amount.
const sum = (entries: readonly LedgerEntry[]) => entries.reduce((total, each) => total + each.amount, 0) || 0;
const balanceOf = (entries: readonly LedgerEntry[], account: string, party?: string) =>
  sum(entries.filter((each) => each.account === account && (party === undefined || each.party === party)));

describe('the ledger’s postings', () => {
  it('balance, and settle every delivered order: shop net + Malewa net + tips = money received', () => {
    const next = random(20261129);
    for (let index = 0; index < 500; index++) {
      const order = randomOrder(next, index);
      const placed = placedPosting(order);
      const delivered = deliveredPosting(order);
      expect(sum(placed)).toBe(0);
      expect(sum(delivered)).toBe(0);
      const all = [...placed, ...delivered];
      // Delivered, the shopper owes nothing more.
      expect(balanceOf(all, 'order', order.id)).toBe(0);
      // What the shopper gave: by the gateway, in cash at the door, or in credit.
      const received = order.total;
      const cashHeldByShop = order.paidThrough ? 0 : order.total - order.creditUsed;
      const shopNet = -balanceOf(all, 'shop_payable', order.shopId) + cashHeldByShop;
      const tips = -balanceOf(all, 'shop_tips', order.shopId) || 0;
      const malewaNet = -balanceOf(all, 'platform_commission') - balanceOf(all, 'platform_promotions') || 0;
      expect(shopNet + malewaNet + tips).toBe(received);
      expect(tips).toBe(order.tip);
    }
  });

  it('reverse a closed order to nothing: credit back to the shopper, a payment back to its gateway', () => {
    const next = random(7);
    for (let index = 0; index < 200; index++) {
      const order = randomOrder(next, index);
      const placed = placedPosting(order);
      const all = [...placed, ...reversalOf(placed)];
      for (const account of ['order', 'shop_payable', 'shop_tips', 'customer_credit', 'psp_clearing'] as const) {
        expect(balanceOf(all, account)).toBe(0);
      }
      expect(balanceOf(reversalOf(placed), 'customer_credit', order.userId)).toBe(-order.creditUsed || 0);
    }
  });

  it('take a problem’s refund from the shop and give back the commission on it', () => {
    const order: OrderMoney = {
      id: 'o',
      userId: 'u',
      shopId: 's',
      subtotal: 20_000,
      deliveryFee: 3000,
      discounts: [],
      tip: 0,
      total: 23_000,
      creditUsed: 0,
      paidThrough: 'sandbox',
      commissionBp: 1500,
    };
    const refund = problemRefundPosting(order, 4000, { credit: true });
    expect(sum(refund)).toBe(0);
    expect(balanceOf(refund, 'customer_credit', 'u')).toBe(-4000);
    // 15 % of 20 000 is 3 000; a fifth of the goods refunded gives back 600.
    expect(balanceOf(refund, 'platform_commission')).toBe(600);
    expect(balanceOf(refund, 'shop_payable', 's')).toBe(3400);
    expect(balanceOf(problemRefundPosting(order, 4000, { method: 'sandbox' }), 'psp_clearing', 'sandbox')).toBe(-4000);
  });

  it('balance goodwill, refunds kept as credit, and payouts', () => {
    expect(sum(goodwillPosting('u', 5000))).toBe(0);
    expect(balanceOf(goodwillPosting('u', 5000), 'customer_credit', 'u')).toBe(-5000);
    expect(sum(refundToCreditPosting('sandbox', 'u', 1200))).toBe(0);
    const payout = payoutPosting('s', 10_000, 700);
    expect(sum(payout)).toBe(0);
    expect(balanceOf(payout, 'payouts_in_transit')).toBe(-10_700);
  });
});
