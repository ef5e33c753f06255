import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  ZGetProviderResponseSchema,
  ZListProvidersRequestSchema,
  ZListProvidersResponseSchema,
  ZProviderParamsSchema,
  ZReinstateProviderResponseSchema,
  ZSuspendProviderRequestSchema,
  ZSuspendProviderResponseSchema,
} from '@malewa/contracts/operator/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reinstateShop, type ShopMoveDeps, suspendShop } from '../../flows/suspend-shop.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import { getShop } from './get-shop.ts';
import { listShops } from './list-shops.ts';

const operatorOnly = requireRole('operator');
const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};

/** The operator console's shops (issue 13 §2): search them, see one with its orders, suspend and reinstate. */
export const operatorShopRoutes: FastifyPluginAsyncZod<ShopMoveDeps> = async (app, deps) => {
  app.get(
    '/operator/providers',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Shops of every service and state, by name (operators)',
        querystring: ZListProvidersRequestSchema,
        response: { 200: ZListProvidersResponseSchema, ...errors },
      },
    },
    (request) => listShops(deps, request.query),
  );

  app.get(
    '/operator/providers/:id',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'One shop with its latest orders and their ratings (operators)',
        params: ZProviderParamsSchema,
        response: { 200: ZGetProviderResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getShop(deps, request.params.id) }),
  );

  app.post(
    '/operator/providers/:id/suspend',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Suspend a shop: out of the storefront, its items refused at checkout (operators)',
        params: ZProviderParamsSchema,
        body: ZSuspendProviderRequestSchema,
        response: { 200: ZSuspendProviderResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await suspendShop(deps, principalOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/operator/providers/:id/reinstate',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Reinstate a suspended shop (operators)',
        params: ZProviderParamsSchema,
        response: { 200: ZReinstateProviderResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await reinstateShop(deps, principalOf(request), request.params.id) }),
  );
};
