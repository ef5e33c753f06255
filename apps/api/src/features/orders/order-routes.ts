import { CART_TOKEN_HEADER, ZCartParamsSchema } from '@malewa/contracts/carts/cart';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  ZCheckoutRequestSchema,
  ZCheckoutResponseSchema,
} from '@malewa/contracts/orders/checkout';
import { ZGetOrderParamsSchema, ZGetOrderResponseSchema } from '@malewa/contracts/orders/get-order';
import { ZListOrdersRequestSchema, ZListOrdersResponseSchema } from '@malewa/contracts/orders/list-orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../app-error.ts';
import { type CheckoutDeps, checkout } from '../../flows/checkout.ts';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import { getOrder } from './get-order.ts';
import { listOrders } from './list-orders.ts';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first language of Accept-Language, reduced to its language (`sw-KE` → `sw`). */
function firstLanguage(value: string | undefined): string | undefined {
  const language = value?.split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return language && /^[a-z]{2,3}$/.test(language) ? language : undefined;
}

const security = [{ bearer: [] }];

/**
 * Checkout (`POST /carts/{service}/checkout`, DESIGN §4) and the shopper's orders. Every
 * route needs a signed-in shopper; another shopper's order is a 404.
 */
export const orderRoutes: FastifyPluginAsyncZod<CheckoutDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.post(
    '/carts/:service/checkout',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: 'Check out my cart: one order per provider, paid once (cash on delivery); send an Idempotency-Key',
        security,
        params: ZCartParamsSchema,
        body: ZCheckoutRequestSchema,
        response: {
          201: ZCheckoutResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = header(request, IDEMPOTENCY_KEY_HEADER);
      if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new AppError('VALIDATION_FAILED', 'Send an Idempotency-Key header', {
          fields: { 'Idempotency-Key': ['16 to 64 letters, digits, - or _; a new one for each checkout'] },
        });
      }
      const result = await checkout(
        deps,
        principalOf(request),
        {
          principal: request.principal,
          cartToken: header(request, CART_TOKEN_HEADER),
          storeId: header(request, 'x-store-id'),
          storeLocation: header(request, 'x-store-location'),
          language: firstLanguage(header(request, 'accept-language')),
        },
        request.params.service,
        key,
        request.body,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data: result.data });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first',
        security,
        querystring: ZListOrdersRequestSchema,
        response: { 200: ZListOrdersResponseSchema, 400: ZErrorResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => listOrders(deps, principalOf(request), request.query.page, request.query.perPage),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['orders'],
        summary: 'One of my orders',
        security,
        params: ZGetOrderParamsSchema,
        response: { 200: ZGetOrderResponseSchema, 401: ZErrorResponseSchema, 404: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await getOrder(deps, principalOf(request), request.params.id) }),
  );
};
