import { addCartLineEndpoint } from '@malewa/contracts/carts/add-cart-line';
import { addRecipeIngredientsEndpoint } from '@malewa/contracts/carts/add-recipe-ingredients';
import { applyCouponEndpoint } from '@malewa/contracts/carts/apply-coupon';
import { CART_TOKEN_HEADER, type DeliveryPointQuery } from '@malewa/contracts/carts/cart';
import { countCartLinesEndpoint } from '@malewa/contracts/carts/count-cart-lines';
import { getCartEndpoint } from '@malewa/contracts/carts/get-cart';
import { listDeliverySlotsEndpoint } from '@malewa/contracts/carts/list-delivery-slots';
import { listSubstitutesEndpoint } from '@malewa/contracts/carts/list-substitutes';
import { mergeGuestCartEndpoint } from '@malewa/contracts/carts/merge-guest-cart';
import { removeCartLineEndpoint } from '@malewa/contracts/carts/remove-cart-line';
import { removeCouponEndpoint } from '@malewa/contracts/carts/remove-coupon';
import { updateCartLineEndpoint } from '@malewa/contracts/carts/update-cart-line';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '#api/clock.ts';
import { type AddRecipeIngredientsDeps, addRecipeIngredients } from '#api/flows/add-recipe-ingredients.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { keepAnswersPrivate } from '#api/plugins/private-answers.ts';
import { header, placeHeaders } from '#api/request-headers.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { addCartLine } from './add-cart-line.ts';
import { applyCoupon } from './apply-coupon.ts';
import type { BookingCalendar } from './booking-calendar.ts';
import type { CartRepository } from './cart-repository.ts';
import type { CartShopper, DeliveryPoint } from './cart-shopper.ts';
import { countCartLines } from './count-cart-lines.ts';
import { getCart } from './get-cart.ts';
import { listDeliverySlots } from './list-delivery-slots.ts';
import { listSubstitutes } from './list-substitutes.ts';
import { mergeGuestCart } from './merge-guest-cart.ts';
import { removeCartLine } from './remove-cart-line.ts';
import { removeCoupon } from './remove-coupon.ts';
import { updateCartLine } from './update-cart-line.ts';

function pointOf(query: DeliveryPointQuery): DeliveryPoint | undefined {
  return query.lat === undefined || query.lng === undefined ? undefined : { latitude: query.lat, longitude: query.lng };
}

function shopperOf(request: FastifyRequest): CartShopper {
  return {
    principal: request.principal,
    cartToken: header(request, CART_TOKEN_HEADER),
    ...placeHeaders(request),
  };
}

/**
 * Carts (docs/product/checkout.md, carts): one per shopper, service and market, for a signed-in
 * shopper (Bearer) or a guest (X-Cart-Token, made by the storefront). Every answer is the whole
 * cart, priced on the server, and is never cached.
 */
export const cartRoutes: FastifyPluginAsync<
  { carts: CartRepository; bookings: BookingCalendar } & TransactionDeps & { now?: Clock | undefined } & Pick<
      AddRecipeIngredientsDeps,
      'catalog'
    >
> = async (app, deps) => {
  keepAnswersPrivate(app);

  registerEndpoint(app, mergeGuestCartEndpoint, {
    handler: async (request) => ({
      data: await mergeGuestCart(deps, principalOf(request), header(request, CART_TOKEN_HEADER)),
    }),
  });
  registerEndpoint(app, addRecipeIngredientsEndpoint, {
    handler: async (request) => ({ data: await addRecipeIngredients(deps, shopperOf(request), request.body) }),
  });
  registerEndpoint(app, countCartLinesEndpoint, {
    handler: async (request) => ({ data: await countCartLines(deps, shopperOf(request)) }),
  });
  registerEndpoint(app, getCartEndpoint, {
    handler: async (request) => ({
      data: await getCart(deps, shopperOf(request), request.params.service, pointOf(request.query)),
    }),
  });
  registerEndpoint(app, listSubstitutesEndpoint, {
    handler: async (request) => ({
      data: await listSubstitutes(deps, shopperOf(request), request.params.service, request.params.lineId),
    }),
  });
  registerEndpoint(app, listDeliverySlotsEndpoint, {
    handler: async (request) => ({
      data: await listDeliverySlots(deps, shopperOf(request), request.params.service, pointOf(request.query)),
    }),
  });
  registerEndpoint(app, addCartLineEndpoint, {
    handler: async (request) => ({
      data: await addCartLine(deps, shopperOf(request), request.params.service, request.body),
    }),
  });
  registerEndpoint(app, updateCartLineEndpoint, {
    handler: async (request) => ({
      data: await updateCartLine(deps, shopperOf(request), request.params.service, request.params.lineId, request.body),
    }),
  });
  registerEndpoint(app, removeCartLineEndpoint, {
    handler: async (request) => ({
      data: await removeCartLine(deps, shopperOf(request), request.params.service, request.params.lineId),
    }),
  });
  registerEndpoint(app, applyCouponEndpoint, {
    handler: async (request) => ({
      data: await applyCoupon(deps, shopperOf(request), request.params.service, request.body),
    }),
  });
  registerEndpoint(app, removeCouponEndpoint, {
    handler: async (request) => ({ data: await removeCoupon(deps, shopperOf(request), request.params.service) }),
  });
};
