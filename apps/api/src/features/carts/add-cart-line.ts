import type { AddCartLineRequest } from '@malewa/contracts/carts/add-cart-line';
import { type Cart, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '../../app-error.ts';
import { type CartShopper, cartScope, writingOwner } from './cart-shopper.ts';
import { type CartDeps, cartOf } from './get-cart.ts';
import { priceChoices, quantityInMilli } from './price-choices.ts';

/**
 * Puts an item in the shopper's cart, or more of it on its line when the same choices are
 * already there. The item must be on sale in the shopper's market; the price is the
 * catalog's; the quantity is a multiple of the item's step, within stock and the line limit.
 */
export async function addCartLine(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  request: AddCartLineRequest,
): Promise<Cart> {
  const scope = await cartScope(deps, shopper);
  const owner = writingOwner(scope);
  const item = await deps.carts.itemForCart(scope.market.countryCode, service, request.item);
  if (!item) throw new AppError('NOT_FOUND', 'This item is not on sale here');
  if (!item.available) throw new AppError('CONFLICT', 'This item is sold out');
  const quantityMilli = quantityInMilli(request.quantity, item.stepMilli);
  if (quantityMilli === null) {
    throw new AppError('VALIDATION_FAILED', 'This quantity cannot be sold', {
      fields: { quantity: [`Choose a multiple of ${item.stepMilli / 1000}`] },
    });
  }
  const priced = priceChoices(item.priceMinor, item.options, request.choices);
  if (!priced.ok) {
    throw new AppError('VALIDATION_FAILED', priced.problem, { fields: { choices: [priced.problem] } });
  }
  await deps.carts.transaction(async (tx) => {
    // The cart row is locked until the end: adds to one cart happen one after the other.
    const cartId = await deps.carts.openCart(tx, owner, service, scope.market.countryCode);
    const same = await deps.carts.sameLine(tx, cartId, item.id, request.choices);
    const total = (same?.quantityMilli ?? 0) + quantityMilli;
    if (total > MAX_LINE_QUANTITY * 1000) {
      throw new AppError('BUSINESS_RULE', `At most ${MAX_LINE_QUANTITY} of one item per order`);
    }
    if (item.stock !== null && total > item.stock * 1000) {
      throw new AppError('CONFLICT', item.stock === 0 ? 'This item is sold out' : `Only ${item.stock} left`);
    }
    if (same) {
      await deps.carts.updateLine(tx, same.id, {
        quantityMilli: total,
        unitPriceMinor: priced.unitPriceMinor,
        substitution: request.substitution,
      });
    } else {
      if ((await deps.carts.lineCount(tx, cartId)) >= MAX_CART_LINES) {
        throw new AppError('BUSINESS_RULE', `A cart holds at most ${MAX_CART_LINES} lines`);
      }
      await deps.carts.insertLine(tx, {
        cartId,
        itemId: item.id,
        choices: request.choices,
        quantityMilli,
        unitPriceMinor: priced.unitPriceMinor,
        substitution: request.substitution,
      });
    }
    await deps.carts.touchCart(tx, cartId);
  });
  return cartOf(deps, scope, service);
}
