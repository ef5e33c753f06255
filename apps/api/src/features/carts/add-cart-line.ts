import type { AddCartLineRequest, BookingRequest } from '@malewa/contracts/carts/add-cart-line';
import { type Cart, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import { checkBooking } from '#api/scheduling/booking-rules.ts';
import type { ItemForCart, LineBooking } from './cart-repository.ts';
import { type CartShopper, cartScope, writingOwner } from './cart-shopper.ts';
import { type CartDeps, cartOf } from './get-cart.ts';
import { priceChoices, quantityInMilli } from './price-choices.ts';

/**
 * Puts an item in the shopper's cart, or more of it on its line when the same choices are
 * already there. The item must be on sale in the shopper's market; the price is the
 * catalog's; the quantity is a multiple of the item's step, within stock and the line limit.
 * A chef experience is booked instead: a date and time the chef works and is free, for
 * guests within its range (`bookingOf`); the same booking again takes the new guests.
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
  if (item.paused) throw new AppError('CONFLICT', 'This shop is not taking orders right now');
  if (!item.available) throw new AppError('CONFLICT', 'This item is sold out');
  const booking = await bookingOf(deps, item, request.booking);
  const quantityMilli = booking ? booking.quantityMilli : quantityInMilli(request.quantity, item.stepMilli);
  if (quantityMilli === null) {
    throw new AppError('VALIDATION_FAILED', 'This quantity cannot be sold', {
      fields: { quantity: [`Choose a multiple of ${item.stepMilli / 1000}`] },
    });
  }
  const priced = priceChoices(item.priceMinor, item.options, request.choices);
  if (!priced.ok) {
    throw new AppError('VALIDATION_FAILED', priced.problem, { fields: { choices: [priced.problem] } });
  }
  const written = await deps.transaction(async () => {
    // The cart row is locked (and touched) until the end: adds to one cart happen one after the other.
    const cartId = await deps.carts.openCart(owner, service, scope.market.countryCode);
    const same = await deps.carts.sameLine(cartId, item.id, request.choices, booking?.startsAt ?? null);
    // One booking is one line: booked again, its guests are the latest word. More of anything
    // else adds to its line, within the line limit and the stock.
    const total = booking ? quantityMilli : (same?.quantityMilli ?? 0) + quantityMilli;
    if (!booking && total > MAX_LINE_QUANTITY * 1000) {
      throw new AppError('BUSINESS_RULE', `At most ${MAX_LINE_QUANTITY} of one item per order`);
    }
    if (!booking && item.stock !== null && total > item.stock * 1000) {
      throw new AppError('CONFLICT', item.stock === 0 ? 'This item is sold out' : `Only ${item.stock} left`);
    }
    if (same) {
      await deps.carts.updateLine(same.id, {
        quantityMilli: total,
        unitPriceMinor: priced.unitPriceMinor,
        ...(booking ? { guests: booking.guests } : { substitution: request.substitution }),
      });
    } else {
      if ((await deps.carts.lineCount(cartId)) >= MAX_CART_LINES) {
        throw new AppError('BUSINESS_RULE', `A cart holds at most ${MAX_CART_LINES} lines`);
      }
      await deps.carts.insertLine({
        cartId,
        itemId: item.id,
        choices: request.choices,
        quantityMilli,
        unitPriceMinor: priced.unitPriceMinor,
        substitution: request.substitution,
        ...(booking ? { startsAt: booking.startsAt, guests: booking.guests } : {}),
      });
    }
    return cartId;
  });
  return cartOf(deps, scope, service, written);
}

function refuseBooking(field: string, code: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: [code] } });
}

const BOOKING_MESSAGES: Record<string, string> = {
  'booking.date:invalid': 'Choose a date',
  'booking.date:too_soon': 'Book at least a day ahead',
  'booking.date:too_far': 'Book at most 90 days ahead',
  'booking.time:invalid': 'Choose a time on the hour or half hour',
  'booking.time:closed': 'The chef does not take bookings at that time',
  'booking.guests:range': 'Choose a number of guests this experience takes',
};

/**
 * A chef experience's booking as the line keeps it, or null for an item that is not one; a
 * booking of anything else, or an experience without one, is refused. The chef must be free
 * then (a booking of another shopper covers that time: `taken`); checkout holds the time.
 */
async function bookingOf(
  deps: CartDeps,
  item: ItemForCart,
  request: BookingRequest | undefined,
): Promise<(LineBooking & { quantityMilli: number }) | null> {
  if (!item.experience) {
    if (request) refuseBooking('booking', 'not_bookable', 'Only a chef experience is booked');
    return null;
  }
  if (!request) refuseBooking('booking', 'required', 'Choose a date, a time and the guests');
  const checked = checkBooking(request, item.experience, item.provider, item.provider.timeZone, clock(deps));
  if (!checked.ok) {
    refuseBooking(checked.field, checked.code, BOOKING_MESSAGES[`${checked.field}:${checked.code}`] ?? 'Not bookable');
  }
  if (await deps.bookings.isBooked(item.provider.id, checked.startsAt, checked.endsAt)) {
    throw new AppError('BUSINESS_RULE', 'The chef is already booked at that time', {
      fields: { 'booking.time': ['taken'] },
    });
  }
  const perGuest = item.experience.pricing === 'per-guest';
  return { startsAt: checked.startsAt, guests: request.guests, quantityMilli: (perGuest ? request.guests : 1) * 1000 };
}
