import { listEnvelope } from '@malewa/contracts/envelope';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  ZListOperatorOffersQuerySchema,
  ZManagedOfferResponseSchema,
  ZManagedOfferSchema,
  ZManagedOffersResponseSchema,
  ZOfferInputSchema,
  ZOfferParamsSchema,
  ZOperatorOfferInputSchema,
} from '@malewa/contracts/offers/manage-offers';
import { ZShopParamsSchema } from '@malewa/contracts/provider/listings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOperatorOffer,
  endOperatorOffer,
  listOperatorOffers,
  type OperatorOfferDeps,
} from '../../flows/operator-offers.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import { createShopOffer, endShopOffer, listShopOffers } from './manage-offers.ts';

const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};
const security = [{ bearer: [] }];

/** Offers and coupons in the consoles: a shop's own (issue 13 §3), every one for operators (§2). */
export const offerRoutes: FastifyPluginAsyncZod<OperatorOfferDeps> = async (app, deps) => {
  const providerOnly = requireRole('provider');
  const operatorOnly = requireRole('operator');

  app.get(
    '/provider/shops/:shopId/offers',
    {
      onRequest: providerOnly,
      schema: {
        security,
        tags: ['provider'],
        summary: 'A shop’s own offers and coupons, newest first (its people only)',
        params: ZShopParamsSchema,
        response: { 200: ZManagedOffersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listShopOffers(deps, principalOf(request), request.params.shopId) }),
  );

  app.post(
    '/provider/shops/:shopId/offers',
    {
      onRequest: providerOnly,
      schema: {
        security,
        tags: ['provider'],
        summary: 'A new offer or coupon for a shop’s items (its people only)',
        params: ZShopParamsSchema,
        body: ZOfferInputSchema,
        response: { 201: ZManagedOfferResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createShopOffer(deps, principalOf(request), request.params.shopId, request.body) }),
  );

  app.post(
    '/provider/offers/:id/end',
    {
      onRequest: providerOnly,
      schema: {
        security,
        tags: ['provider'],
        summary: 'End one of the shop’s offers now',
        params: ZOfferParamsSchema,
        response: { 200: ZManagedOfferResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await endShopOffer(deps, principalOf(request), request.params.id) }),
  );

  app.get(
    '/operator/offers',
    {
      onRequest: operatorOnly,
      schema: {
        security,
        tags: ['operator'],
        summary: 'Every offer and coupon, by market, service and state (operators)',
        querystring: ZListOperatorOffersQuerySchema,
        response: { 200: listEnvelope(ZManagedOfferSchema), ...errors },
      },
    },
    (request) => listOperatorOffers(deps, request.query),
  );

  app.post(
    '/operator/offers',
    {
      onRequest: operatorOnly,
      schema: {
        security,
        tags: ['operator'],
        summary: 'A new offer or coupon for a market’s service, or one of its shops (operators; logged)',
        body: ZOperatorOfferInputSchema,
        response: { 201: ZManagedOfferResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOperatorOffer(deps, principalOf(request), request.body) }),
  );

  app.post(
    '/operator/offers/:id/end',
    {
      onRequest: operatorOnly,
      schema: {
        security,
        tags: ['operator'],
        summary: 'End any offer now (operators; logged)',
        params: ZOfferParamsSchema,
        response: { 200: ZManagedOfferResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await endOperatorOffer(deps, principalOf(request), request.params.id) }),
  );
};
