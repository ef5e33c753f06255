import type { Cart } from '@malewa/contracts/carts/cart';
import type { DeliverySlots } from '@malewa/contracts/carts/list-delivery-slots';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { clock } from '#api/clock.ts';
import { deliverySlots, SLOT_MINUTES, type SlotShop } from '#api/scheduling/delivery-slots.ts';
import type { CartLineRow } from './cart-repository.ts';
import { type CartShopper, cartScope, type DeliveryPoint, deliveringTo } from './cart-shopper.ts';
import type { CartDeps } from './get-cart.ts';
import { slotShopOf, viewCart } from './view-cart.ts';

/** The shops of a cart as scheduling sees them (`slotShopOf`). */
export function slotShops(rows: readonly CartLineRow[], cart: Cart): SlotShop[] {
  return cart.groups.flatMap((group) => {
    const row = rows.find((candidate) => candidate.provider.slug === group.provider.slug);
    return row ? [slotShopOf(row.provider, group.delivery?.etaMinutes)] : [];
  });
}

/**
 * The delivery windows the shopper's cart can be scheduled for, on the market's clock, for
 * delivery to `point` when given (how long a shop takes to the door depends on where it is
 * going). Chef carts have none: their time is their bookings'.
 */
export async function listDeliverySlots(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  point?: DeliveryPoint,
): Promise<DeliverySlots> {
  const scope = deliveringTo(await cartScope(deps, shopper), point);
  const none = { timeZone: scope.market.timeZone, slotMinutes: SLOT_MINUTES, slots: [] };
  if (service === 'chef' || !scope.owner) return none;
  const cartId = await deps.carts.cartId(scope.owner, service, scope.market.countryCode);
  if (!cartId) return none;
  // The lines once: their shops' hours, and the delivery estimates the cart's view gives them.
  const rows = await deps.carts.lines(cartId);
  const cart = viewCart(service, scope.market, scope.languages, rows, scope.point);
  const slots = deliverySlots(slotShops(rows, cart), scope.market.timeZone, clock(deps));
  return { ...none, slots: slots.map((slot) => slot.toISOString()) };
}
