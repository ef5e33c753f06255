import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '#api/app-error.ts';
import { type CartShopper, cartScope, writingOwner } from './cart-shopper.ts';
import { type CartDeps, cartOf } from './get-cart.ts';

/** Takes a line out of the shopper's own cart; another shopper's line is not found. */
export async function removeCartLine(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  lineId: string,
): Promise<Cart> {
  const scope = await cartScope(deps, shopper);
  const owner = writingOwner(scope);
  await deps.transaction(async () => {
    const line = await deps.carts.ownLine(owner, service, scope.market.countryCode, lineId);
    if (!line) throw new AppError('NOT_FOUND', 'This line is not in your cart');
    await deps.carts.deleteLine(line.id);
    await deps.carts.touchCart(line.cartId);
  });
  return cartOf(deps, scope, service);
}
