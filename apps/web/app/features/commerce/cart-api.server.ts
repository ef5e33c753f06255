import { addCartLineEndpoint, type BookingRequest } from '@malewa/contracts/carts/add-cart-line';
import { addRecipeIngredientsEndpoint } from '@malewa/contracts/carts/add-recipe-ingredients';
import { applyCouponEndpoint } from '@malewa/contracts/carts/apply-coupon';
import type { Cart, SubstitutionPreference } from '@malewa/contracts/carts/cart';
import { type CartLineCounts, countCartLinesEndpoint } from '@malewa/contracts/carts/count-cart-lines';
import { getCartEndpoint } from '@malewa/contracts/carts/get-cart';
import { type DeliverySlots, listDeliverySlotsEndpoint } from '@malewa/contracts/carts/list-delivery-slots';
import { listSubstitutesEndpoint, type SubstitutesOfLine } from '@malewa/contracts/carts/list-substitutes';
import { removeCartLineEndpoint } from '@malewa/contracts/carts/remove-cart-line';
import { removeCouponEndpoint } from '@malewa/contracts/carts/remove-coupon';
import { updateCartLineEndpoint } from '@malewa/contracts/carts/update-cart-line';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { RouterContextProvider } from 'react-router';
import { configContext } from '#app/context.ts';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { cartHeaders, mayHaveCart } from './guest-cart.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The carts' calls to the API, on behalf of the shopper of the request: signed in through
 * their session, a guest through their cart token. Each answers with the whole cart, priced
 * by the API; nothing here computes money.
 */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

/** Whose cart a read is about; a guest without a token has none. */
function reading(context: Context, request: Request) {
  return cartHeaders(context, request, { forWriting: false });
}

/** Whose cart a change is about: a guest's first one makes their cart token. */
function writing(context: Context, request: Request) {
  return cartHeaders(context, request, { forWriting: true });
}

/** Where an order is to go: an address's pin. */
export interface DeliveryPin {
  latitude: number;
  longitude: number;
}

/** `lat` and `lng` for a pin, nothing without one (the API then uses the centre of the shopper's place). */
function atPin(pin: DeliveryPin | undefined) {
  return pin ? { lat: pin.latitude, lng: pin.longitude } : {};
}

/** The shopper's cart of a service, priced for delivery to `pin` when given. */
export async function getCart(
  context: Context,
  request: Request,
  service: ServiceId,
  pin?: DeliveryPin,
): Promise<Cart> {
  const headers = reading(context, request);
  return (await client(context, request).call(getCartEndpoint, { params: { service }, query: atPin(pin), headers }))
    .data;
}

const NO_LINES: CartLineCounts = { lineCount: 0, services: [] };

/** The header's count: no call at all for a shopper who cannot have a cart yet. */
export async function countCartLines(context: Context, request: Request): Promise<CartLineCounts> {
  if (!mayHaveCart(context, request)) return NO_LINES;
  return (await client(context, request).call(countCartLinesEndpoint, { headers: reading(context, request) })).data;
}

/** The services this storefront offers in which the shopper's carts hold lines, in the API's order. */
export async function servicesWithLines(context: Context, request: Request): Promise<ServiceId[]> {
  const enabled = context.get(configContext).enabledServices;
  const counted = await countCartLines(context, request);
  return counted.services.map((entry) => entry.service).filter((service) => enabled.includes(service));
}

export async function addCartLine(
  context: Context,
  request: Request,
  service: ServiceId,
  line: {
    item: string;
    quantity?: number;
    choices: number[][];
    substitution?: SubstitutionPreference | undefined;
    booking?: BookingRequest;
  },
): Promise<Cart> {
  const headers = writing(context, request);
  return (await client(context, request).call(addCartLineEndpoint, { params: { service }, body: line, headers })).data;
}

/** What the shop of a line of the shopper's cart could pack instead of its item. */
export async function listSubstitutes(
  context: Context,
  request: Request,
  service: ServiceId,
  lineId: string,
): Promise<SubstitutesOfLine> {
  const headers = reading(context, request);
  return (await client(context, request).call(listSubstitutesEndpoint, { params: { service, lineId }, headers })).data;
}

/** The delivery windows the shopper's cart can be scheduled for, to `pin` when given (none for Chef). */
export async function listDeliverySlots(
  context: Context,
  request: Request,
  service: ServiceId,
  pin?: DeliveryPin,
): Promise<DeliverySlots> {
  const headers = reading(context, request);
  return (
    await client(context, request).call(listDeliverySlotsEndpoint, { params: { service }, query: atPin(pin), headers })
  ).data;
}

export async function updateCartLine(
  context: Context,
  request: Request,
  service: ServiceId,
  lineId: string,
  change: { quantity?: number; substitution?: SubstitutionPreference; substitute?: string },
): Promise<Cart> {
  const headers = writing(context, request);
  return (
    await client(context, request).call(updateCartLineEndpoint, { params: { service, lineId }, body: change, headers })
  ).data;
}

export async function removeCartLine(
  context: Context,
  request: Request,
  service: ServiceId,
  lineId: string,
): Promise<Cart> {
  const headers = writing(context, request);
  return (await client(context, request).call(removeCartLineEndpoint, { params: { service, lineId }, headers })).data;
}

export async function applyCoupon(context: Context, request: Request, service: ServiceId, code: string): Promise<Cart> {
  const headers = writing(context, request);
  return (await client(context, request).call(applyCouponEndpoint, { params: { service }, body: { code }, headers }))
    .data;
}

export async function removeCoupon(context: Context, request: Request, service: ServiceId): Promise<Cart> {
  const headers = writing(context, request);
  return (await client(context, request).call(removeCouponEndpoint, { params: { service }, headers })).data;
}

/** "Add all ingredients" of a recipe for some servings: into the Grocery and Farm carts. */
export async function addRecipeIngredients(context: Context, request: Request, recipe: string, servings: number) {
  const headers = writing(context, request);
  return (await client(context, request).call(addRecipeIngredientsEndpoint, { body: { recipe, servings }, headers }))
    .data;
}
