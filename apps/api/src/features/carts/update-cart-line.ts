import type { Cart } from '@malewa/contracts/carts/cart';
import { MAX_LINE_QUANTITY } from '@malewa/contracts/carts/cart';
import type { UpdateCartLineRequest } from '@malewa/contracts/carts/update-cart-line';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '#api/app-error.ts';
import { type CartShopper, cartScope, writingOwner } from './cart-shopper.ts';
import { type CartDeps, cartOf } from './get-cart.ts';
import { priceChoices, quantityInMilli } from './price-choices.ts';

/**
 * Changes a line of the shopper's own cart: its quantity (which takes today's price, so a
 * "price changed" note goes once the shopper has seen it) or its substitution preference,
 * "this one instead" naming another item of the same shop. Another shopper's line is not found.
 */
export async function updateCartLine(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  lineId: string,
  request: UpdateCartLineRequest,
): Promise<Cart> {
  const scope = await cartScope(deps, shopper);
  const owner = writingOwner(scope);
  await deps.transaction(async () => {
    const line = await deps.carts.ownLine(owner, service, scope.market.countryCode, lineId);
    if (!line) throw new AppError('NOT_FOUND', 'This line is not in your cart');
    const change: Parameters<typeof deps.carts.updateLine>[1] = {};
    if (request.quantity !== undefined && line.guests !== null) {
      throw new AppError('BUSINESS_RULE', 'A booking’s guests change by booking it again', {
        fields: { quantity: ['booking'] },
      });
    }
    if (request.quantity !== undefined) {
      const quantityMilli = quantityInMilli(request.quantity, line.stepMilli);
      if (quantityMilli === null) {
        throw new AppError('VALIDATION_FAILED', 'This quantity cannot be sold', {
          fields: { quantity: [`Choose a multiple of ${line.stepMilli / 1000}`] },
        });
      }
      if (quantityMilli > MAX_LINE_QUANTITY * 1000) {
        throw new AppError('BUSINESS_RULE', `At most ${MAX_LINE_QUANTITY} of one item per order`);
      }
      if (line.stock !== null && quantityMilli > line.stock * 1000) {
        throw new AppError('CONFLICT', line.stock === 0 ? 'This item is sold out' : `Only ${line.stock} left`);
      }
      const priced = priceChoices(line.priceMinor, line.options, line.choices);
      if (!priced.ok) {
        throw new AppError('BUSINESS_RULE', 'The shop changed this item’s choices: remove it and add it again');
      }
      change.quantityMilli = quantityMilli;
      change.unitPriceMinor = priced.unitPriceMinor;
    }
    if (request.substitution !== undefined) {
      change.substitution = request.substitution;
      change.substituteItemId = null;
    }
    if (request.substitution === 'specific' && request.substitute !== undefined) {
      // Another item of the same shop, on sale: the shop packs what it sells.
      const named = await deps.carts.shopItem(line.providerId, request.substitute);
      if (!named || named.id === line.itemId) {
        throw new AppError('VALIDATION_FAILED', 'Choose another item of this shop', {
          fields: { substitute: ['not_of_shop'] },
        });
      }
      change.substituteItemId = named.id;
    }
    await deps.carts.updateLine(line.id, change);
    await deps.carts.touchCart(line.cartId);
  });
  return cartOf(deps, scope, service);
}
