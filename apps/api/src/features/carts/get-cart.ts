import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type ClockDeps, clock } from '#api/clock.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { BookingCalendar } from './booking-calendar.ts';
import type { CartLineRow, CartOwner, CartRepository } from './cart-repository.ts';
import { type CartScope, type CartShopper, cartScope, type DeliveryPoint, deliveringTo } from './cart-shopper.ts';
import type { CouponContext, CouponOffer } from './evaluate-coupon.ts';
import { viewCart } from './view-cart.ts';

export interface CartDeps extends ClockDeps, TransactionDeps {
  carts: CartRepository;
  bookings: BookingCalendar;
}

/**
 * The shopper's cart of a service in their market, priced for delivery to `point` when given;
 * an empty one when they have none yet.
 */
export async function getCart(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  point?: DeliveryPoint,
): Promise<Cart> {
  return cartOf(deps, deliveringTo(await cartScope(deps, shopper), point), service);
}

/** The cart of the scope's owner; `knownId` when the caller has just written it (one lookup fewer). */
export async function cartOf(deps: CartDeps, scope: CartScope, service: ServiceId, knownId?: string): Promise<Cart> {
  const cartId =
    knownId ?? (scope.owner ? await deps.carts.cartId(scope.owner, service, scope.market.countryCode) : undefined);
  if (!cartId || !scope.owner) return viewCart(service, scope.market, scope.languages, [], scope.point);
  const now = clock(deps);
  const [rows, offers] = await Promise.all([
    deps.carts.lines(cartId),
    deps.carts.cartOffers(cartId, scope.market.countryCode, service, now),
  ]);
  const coupon = await couponContext(deps, offers.coupon, scope.owner);
  const bookings = { taken: await takenBookings(deps, rows) };
  return viewCart(service, scope.market, scope.languages, rows, scope.point, {
    coupon,
    offers: offers.automatic,
    bookings,
    now,
  });
}

/** The lines whose booking's time the chef has given to someone else since. */
export async function takenBookings(deps: Pick<CartDeps, 'bookings'>, rows: readonly CartLineRow[]) {
  const taken = new Set<string>();
  for (const row of rows) {
    if (row.booking && (await deps.bookings.isBooked(row.provider.id, row.booking.startsAt, row.booking.endsAt))) {
      taken.add(row.id);
    }
  }
  return taken;
}

/** The coupon on a cart with what judging it needs: the shopper's uses of it, and the time. */
export async function couponContext(
  deps: Pick<CartDeps, 'carts' | 'now'>,
  offer: CouponOffer | undefined,
  owner: CartOwner,
): Promise<CouponContext | undefined> {
  if (!offer) return undefined;
  const usedByShopper = 'userId' in owner ? await deps.carts.redemptionsBy(offer.id, owner.userId) : null;
  return { offer, usedByShopper, now: clock(deps) };
}
