import type { Cart } from '@malewa/contracts/carts/cart';

/**
 * Several carts as one for "pay all carts": their shops' groups one after the other and their
 * amounts added (each already priced by the API; this adds, it does not price). The first
 * cart's service and market name the whole.
 */
export function combineCarts(carts: readonly Cart[]): Cart {
  const [first] = carts;
  if (!first) throw new Error('no cart to combine');
  const sum = (pick: (cart: Cart) => number) => ({
    amount: carts.reduce((total, cart) => total + pick(cart), 0),
    currency: first.currency,
  });
  return {
    ...first,
    groups: carts.flatMap((cart) => cart.groups),
    lineCount: carts.reduce((total, cart) => total + cart.lineCount, 0),
    subtotal: sum((cart) => cart.subtotal.amount),
    deliveryFee: sum((cart) => cart.deliveryFee.amount),
    discount: sum((cart) => cart.discount.amount),
    total: sum((cart) => cart.total.amount),
    coupon: null,
  };
}
