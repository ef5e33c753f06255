import type { Cart } from '@malewa/contracts/carts/cart';
import { describe, expect, it } from 'vitest';
import { tipChoices, tipOf } from './checkout-page.server.ts';

const zar = (amount: number) => ({ amount, currency: 'ZAR' as const });

/** A cart of one shop with R 230 of goods and R 23 off them, and R 35 of delivery off in full. */
const cart = {
  currency: 'ZAR',
  groups: [
    {
      subtotal: zar(23_000),
      discounts: [
        { appliesTo: 'goods', amount: zar(2300) },
        { appliesTo: 'delivery', amount: zar(3500) },
      ],
    },
  ],
} as unknown as Cart;

describe('the tip chosen at checkout', () => {
  it('offers 5, 10 and 15 % of the goods after their discounts, rounded down', () => {
    expect(tipChoices(cart).map((choice) => [choice.percent, choice.amount.amount])).toEqual([
      [5, 1035],
      [10, 2070],
      [15, 3105],
    ]);
  });

  it('reads a preset, none, or an amount typed in rands; nonsense is no amount', () => {
    expect(tipOf('10', '', cart)).toBe(2070);
    expect(tipOf('0', '50', cart)).toBe(0);
    expect(tipOf('', '', cart)).toBe(0);
    expect(tipOf('other', '12,50', cart)).toBe(1250);
    expect(tipOf('other', 'lots', cart)).toBeUndefined();
    expect(tipOf('33', '', cart)).toBeUndefined();
  });
});
