import { type BookingRequest, ZAddCartLineResponseSchema } from '@malewa/contracts/carts/add-cart-line';
import { ZAddRecipeIngredientsResponseSchema } from '@malewa/contracts/carts/add-recipe-ingredients';
import { ZApplyCouponResponseSchema } from '@malewa/contracts/carts/apply-coupon';
import type { Cart, SubstitutionPreference } from '@malewa/contracts/carts/cart';
import { type CartLineCounts, ZCountCartLinesResponseSchema } from '@malewa/contracts/carts/count-cart-lines';
import { ZGetCartResponseSchema } from '@malewa/contracts/carts/get-cart';
import { type DeliverySlots, ZListDeliverySlotsResponseSchema } from '@malewa/contracts/carts/list-delivery-slots';
import { type SubstitutesOfLine, ZListSubstitutesResponseSchema } from '@malewa/contracts/carts/list-substitutes';
import { ZRemoveCartLineResponseSchema } from '@malewa/contracts/carts/remove-cart-line';
import { ZRemoveCouponResponseSchema } from '@malewa/contracts/carts/remove-coupon';
import { ZUpdateCartLineResponseSchema } from '@malewa/contracts/carts/update-cart-line';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { configContext } from '../../context.ts';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';
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

/** A change to the cart: a guest's first one makes their cart token. */
async function write(
  context: Context,
  request: Request,
  method: string,
  path: string,
  schema: z.ZodType<{ data: Cart }>,
  body?: unknown,
): Promise<Cart> {
  const headers = cartHeaders(context, request, { forWriting: true });
  return (await client(context, request).request('base', method, path, schema, { body, headers })).data;
}

/** Where an order is to go: an address's pin. */
export interface DeliveryPin {
  latitude: number;
  longitude: number;
}

/** `?lat=…&lng=…` for a pin, nothing without one (the API then uses the centre of the shopper's place). */
function atPin(pin: DeliveryPin | undefined): string {
  return pin ? `?${new URLSearchParams({ lat: String(pin.latitude), lng: String(pin.longitude) })}` : '';
}

/** The shopper's cart of a service, priced for delivery to `pin` when given. */
export async function getCart(
  context: Context,
  request: Request,
  service: ServiceId,
  pin?: DeliveryPin,
): Promise<Cart> {
  const headers = cartHeaders(context, request, { forWriting: false });
  return (
    await client(context, request).request('base', 'GET', `/carts/${service}${atPin(pin)}`, ZGetCartResponseSchema, {
      headers,
    })
  ).data;
}

const NO_LINES: CartLineCounts = { lineCount: 0, services: [] };

/** The header's count: no call at all for a shopper who cannot have a cart yet. */
export async function countCartLines(context: Context, request: Request): Promise<CartLineCounts> {
  if (!mayHaveCart(context, request)) return NO_LINES;
  const headers = cartHeaders(context, request, { forWriting: false });
  return (await client(context, request).request('base', 'GET', '/carts', ZCountCartLinesResponseSchema, { headers }))
    .data;
}

/** The services this storefront offers in which the shopper's carts hold lines, in the API's order. */
export async function servicesWithLines(context: Context, request: Request): Promise<ServiceId[]> {
  const enabled = context.get(configContext).enabledServices;
  const counted = await countCartLines(context, request);
  return counted.services.map((entry) => entry.service).filter((service) => enabled.includes(service));
}

export function addCartLine(
  context: Context,
  request: Request,
  service: ServiceId,
  line: {
    item: string;
    quantity?: number;
    choices: number[][];
    substitution?: SubstitutionPreference;
    booking?: BookingRequest;
  },
): Promise<Cart> {
  return write(context, request, 'POST', `/carts/${service}/items`, ZAddCartLineResponseSchema, line);
}

/** What the shop of a line of the shopper's cart could pack instead of its item. */
export async function listSubstitutes(
  context: Context,
  request: Request,
  service: ServiceId,
  lineId: string,
): Promise<SubstitutesOfLine> {
  const headers = cartHeaders(context, request, { forWriting: false });
  return (
    await client(context, request).request(
      'base',
      'GET',
      `/carts/${service}/items/${lineId}/substitutes`,
      ZListSubstitutesResponseSchema,
      { headers },
    )
  ).data;
}

/** The delivery windows the shopper's cart can be scheduled for, to `pin` when given (none for Chef). */
export async function listDeliverySlots(
  context: Context,
  request: Request,
  service: ServiceId,
  pin?: DeliveryPin,
): Promise<DeliverySlots> {
  const headers = cartHeaders(context, request, { forWriting: false });
  return (
    await client(context, request).request(
      'base',
      'GET',
      `/carts/${service}/delivery-slots${atPin(pin)}`,
      ZListDeliverySlotsResponseSchema,
      { headers },
    )
  ).data;
}

export function updateCartLine(
  context: Context,
  request: Request,
  service: ServiceId,
  lineId: string,
  change: { quantity?: number; substitution?: SubstitutionPreference; substitute?: string },
): Promise<Cart> {
  return write(context, request, 'PATCH', `/carts/${service}/items/${lineId}`, ZUpdateCartLineResponseSchema, change);
}

export function removeCartLine(context: Context, request: Request, service: ServiceId, lineId: string): Promise<Cart> {
  return write(context, request, 'DELETE', `/carts/${service}/items/${lineId}`, ZRemoveCartLineResponseSchema);
}

export function applyCoupon(context: Context, request: Request, service: ServiceId, code: string): Promise<Cart> {
  return write(context, request, 'PUT', `/carts/${service}/coupon`, ZApplyCouponResponseSchema, { code });
}

export function removeCoupon(context: Context, request: Request, service: ServiceId): Promise<Cart> {
  return write(context, request, 'DELETE', `/carts/${service}/coupon`, ZRemoveCouponResponseSchema);
}

/** "Add all ingredients" of a recipe for some servings: into the Grocery and Farm carts. */
export async function addRecipeIngredients(context: Context, request: Request, recipe: string, servings: number) {
  const headers = cartHeaders(context, request, { forWriting: true });
  return (
    await client(context, request).request(
      'base',
      'POST',
      '/carts/recipe-ingredients',
      ZAddRecipeIngredientsResponseSchema,
      {
        body: { recipe, servings },
        headers,
      },
    )
  ).data;
}
