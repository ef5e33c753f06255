import { createOperatorOfferEndpoint } from '@malewa/contracts/offers/create-operator-offer';
import { createShopOfferEndpoint } from '@malewa/contracts/offers/create-shop-offer';
import { endOperatorOfferEndpoint } from '@malewa/contracts/offers/end-operator-offer';
import { endShopOfferEndpoint } from '@malewa/contracts/offers/end-shop-offer';
import { listOfferItemsEndpoint } from '@malewa/contracts/offers/list-offer-items';
import { listOperatorOffersEndpoint } from '@malewa/contracts/offers/list-operator-offers';
import { listShopOffersEndpoint } from '@malewa/contracts/offers/list-shop-offers';
import type { FastifyPluginAsync } from 'fastify';
import {
  createOperatorOffer,
  endOperatorOffer,
  listOfferItems,
  listOperatorOffers,
  type OperatorOfferDeps,
} from '#api/flows/operator-offers.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { createShopOffer, endShopOffer, listShopOffers } from './manage-offers.ts';

/**
 * Offers and coupons in the consoles: a shop's own, every one for operators
 * (docs/product/providers.md, offers in the consoles).
 */
export const offerRoutes: FastifyPluginAsync<OperatorOfferDeps> = async (app, deps) => {
  registerEndpoint(app, listShopOffersEndpoint, {
    handler: async (request) => ({ data: await listShopOffers(deps, principalOf(request), request.params.shopId) }),
  });
  registerEndpoint(app, createShopOfferEndpoint, {
    handler: async (request) => ({
      data: await createShopOffer(deps, principalOf(request), request.params.shopId, request.body),
    }),
  });
  registerEndpoint(app, endShopOfferEndpoint, {
    handler: async (request) => ({ data: await endShopOffer(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, listOperatorOffersEndpoint, {
    handler: (request) => listOperatorOffers(deps, request.query),
  });
  registerEndpoint(app, createOperatorOfferEndpoint, {
    handler: async (request) => ({ data: await createOperatorOffer(deps, principalOf(request), request.body) }),
  });
  registerEndpoint(app, listOfferItemsEndpoint, {
    handler: (request) => listOfferItems(deps, request.params.id),
  });
  registerEndpoint(app, endOperatorOfferEndpoint, {
    handler: async (request) => ({ data: await endOperatorOffer(deps, principalOf(request), request.params.id) }),
  });
};
