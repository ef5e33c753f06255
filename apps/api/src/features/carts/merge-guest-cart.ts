import { createHash } from 'node:crypto';
import { CART_TOKEN_PATTERN, MAX_LINE_QUANTITY } from '@malewa/contracts/carts/cart';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { CartDeps } from './get-cart.ts';

/**
 * At sign-in or registration, the storefront hands the guest's cart token over: every cart of
 * that token (each service, each market) moves into the account's cart of the same service and
 * market, then the guest carts are gone. A line the account already has (same item, same
 * choices) gets the guest's quantity added, up to the line limit; nothing is lost, and a
 * second merge with the same token finds nothing to move, so nothing is doubled.
 */
export async function mergeGuestCart(
  deps: CartDeps,
  principal: Principal,
  cartToken: string | undefined,
): Promise<{ movedLines: number }> {
  if (cartToken === undefined || !CART_TOKEN_PATTERN.test(cartToken)) {
    throw new AppError('VALIDATION_FAILED', 'Send the guest’s cart token to merge', {
      fields: { 'X-Cart-Token': ['Send the token the storefront made'] },
    });
  }
  const guestTokenHash = createHash('sha256').update(cartToken).digest('hex');
  const owner = { userId: principal.userId };
  return deps.transaction(async () => {
    let movedLines = 0;
    for (const guestCart of await deps.carts.guestCarts(guestTokenHash)) {
      const lines = await deps.carts.rawLines(guestCart.id);
      if (lines.length > 0) {
        const cartId = await deps.carts.openCart(owner, guestCart.service, guestCart.countryCode);
        for (const line of lines) {
          const same = await deps.carts.sameLine(cartId, line.itemId, line.choices, line.startsAt);
          if (same && line.guests !== null) {
            // One booking, twice: the guest's latest word on the guests stands.
            await deps.carts.updateLine(same.id, { quantityMilli: line.quantityMilli, guests: line.guests });
          } else if (same) {
            await deps.carts.updateLine(same.id, {
              quantityMilli: Math.min(same.quantityMilli + line.quantityMilli, MAX_LINE_QUANTITY * 1000),
            });
          } else {
            await deps.carts.insertLine({ cartId, ...line });
          }
          movedLines += 1;
        }
        await deps.carts.touchCart(cartId);
      }
      await deps.carts.deleteCart(guestCart.id);
    }
    return { movedLines };
  });
}
