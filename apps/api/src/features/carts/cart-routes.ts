import { ZAddCartLineRequestSchema, ZAddCartLineResponseSchema } from '@malewa/contracts/carts/add-cart-line';
import {
  ZAddRecipeIngredientsRequestSchema,
  ZAddRecipeIngredientsResponseSchema,
} from '@malewa/contracts/carts/add-recipe-ingredients';
import { ZApplyCouponRequestSchema, ZApplyCouponResponseSchema } from '@malewa/contracts/carts/apply-coupon';
import {
  CART_TOKEN_HEADER,
  type DeliveryPointQuery,
  ZCartLineParamsSchema,
  ZCartParamsSchema,
} from '@malewa/contracts/carts/cart';
import { ZCountCartLinesResponseSchema } from '@malewa/contracts/carts/count-cart-lines';
import { ZGetCartRequestSchema, ZGetCartResponseSchema } from '@malewa/contracts/carts/get-cart';
import {
  ZListDeliverySlotsRequestSchema,
  ZListDeliverySlotsResponseSchema,
} from '@malewa/contracts/carts/list-delivery-slots';
import { ZListSubstitutesResponseSchema } from '@malewa/contracts/carts/list-substitutes';
import { ZMergeGuestCartResponseSchema } from '@malewa/contracts/carts/merge-guest-cart';
import { ZRemoveCartLineResponseSchema } from '@malewa/contracts/carts/remove-cart-line';
import { ZRemoveCouponResponseSchema } from '@malewa/contracts/carts/remove-coupon';
import { ZUpdateCartLineRequestSchema, ZUpdateCartLineResponseSchema } from '@malewa/contracts/carts/update-cart-line';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZCartHeadersSchema } from '@malewa/contracts/request-headers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { type AddRecipeIngredientsDeps, addRecipeIngredients } from '../../flows/add-recipe-ingredients.ts';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import { header, placeHeaders } from '../../request-headers.ts';
import type { TransactionDeps } from '../../transaction-deps.ts';
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

const errors = { 400: ZErrorResponseSchema, 404: ZErrorResponseSchema };
const writeErrors = { ...errors, 409: ZErrorResponseSchema, 422: ZErrorResponseSchema };
const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, {}];

/**
 * Carts (DESIGN §4): one per shopper, service and market, for a signed-in shopper (Bearer) or
 * a guest (X-Cart-Token, made by the storefront). Every answer is the whole cart, priced on
 * the server, and is never cached.
 */
export const cartRoutes: FastifyPluginAsyncZod<
  { carts: CartRepository; bookings: BookingCalendar } & TransactionDeps & { now?: Clock | undefined } & Pick<
      AddRecipeIngredientsDeps,
      'catalog'
    >
> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.post(
    '/carts/merge',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Move a guest’s carts (X-Cart-Token) into mine, at sign-in or registration',
        security: [{ bearer: [] }],
        response: { 200: ZMergeGuestCartResponseSchema, 400: ZErrorResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await mergeGuestCart(deps, principalOf(request), header(request, CART_TOKEN_HEADER)),
    }),
  );

  app.post(
    '/carts/recipe-ingredients',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Add all ingredients of a recipe, for some servings, to my Grocery and Farm carts',
        security,
        body: ZAddRecipeIngredientsRequestSchema,
        response: { 200: ZAddRecipeIngredientsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await addRecipeIngredients(deps, shopperOf(request), request.body) }),
  );

  app.get(
    '/carts',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'How many lines each of my carts holds in my market (the header’s Cart button)',
        security,
        response: { 200: ZCountCartLinesResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await countCartLines(deps, shopperOf(request)) }),
  );

  app.get(
    '/carts/:service',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'My cart of a service in my market (empty when I have none), priced for delivery to a point if given',
        security,
        params: ZCartParamsSchema,
        querystring: ZGetCartRequestSchema,
        response: { 200: ZGetCartResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await getCart(deps, shopperOf(request), request.params.service, pointOf(request.query)),
    }),
  );

  app.get(
    '/carts/:service/items/:lineId/substitutes',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'What the shop of a line of my cart could pack instead of its item (“this one instead”)',
        security,
        params: ZCartLineParamsSchema,
        response: { 200: ZListSubstitutesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listSubstitutes(deps, shopperOf(request), request.params.service, request.params.lineId),
    }),
  );

  app.get(
    '/carts/:service/delivery-slots',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'The delivery windows my cart of a service can be scheduled for, to a point if given (none for Chef)',
        security,
        params: ZCartParamsSchema,
        querystring: ZListDeliverySlotsRequestSchema,
        response: { 200: ZListDeliverySlotsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listDeliverySlots(deps, shopperOf(request), request.params.service, pointOf(request.query)),
    }),
  );

  app.post(
    '/carts/:service/items',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Add an item with its choices (or more of it, on the line with the same choices)',
        security,
        params: ZCartParamsSchema,
        body: ZAddCartLineRequestSchema,
        response: { 201: ZAddCartLineResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const cart = await addCartLine(deps, shopperOf(request), request.params.service, request.body);
      return reply.code(201).send({ data: cart });
    },
  );

  app.patch(
    '/carts/:service/items/:lineId',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Change the quantity or substitution preference of a line of my cart',
        security,
        params: ZCartLineParamsSchema,
        body: ZUpdateCartLineRequestSchema,
        response: { 200: ZUpdateCartLineResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await updateCartLine(deps, shopperOf(request), request.params.service, request.params.lineId, request.body),
    }),
  );

  app.delete(
    '/carts/:service/items/:lineId',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Take a line out of my cart',
        security,
        params: ZCartLineParamsSchema,
        response: { 200: ZRemoveCartLineResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await removeCartLine(deps, shopperOf(request), request.params.service, request.params.lineId),
    }),
  );

  app.put(
    '/carts/:service/coupon',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Put a coupon on my cart (signed in); a refusal says why in its `coupon` field',
        security: [{ bearer: [] }],
        params: ZCartParamsSchema,
        body: ZApplyCouponRequestSchema,
        response: { 200: ZApplyCouponResponseSchema, 401: ZErrorResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await applyCoupon(deps, shopperOf(request), request.params.service, request.body) }),
  );

  app.delete(
    '/carts/:service/coupon',
    {
      schema: {
        tags: ['carts'],
        headers: ZCartHeadersSchema,
        summary: 'Take the coupon off my cart',
        security,
        params: ZCartParamsSchema,
        response: { 200: ZRemoveCouponResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await removeCoupon(deps, shopperOf(request), request.params.service) }),
  );
};
