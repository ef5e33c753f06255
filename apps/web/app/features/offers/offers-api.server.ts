import { listEnvelope } from '@malewa/contracts/envelope';
import {
  type ListOperatorOffersQuery,
  type OfferInput,
  type OperatorOfferInput,
  ZManagedOfferResponseSchema,
  ZManagedOfferSchema,
  ZManagedOffersResponseSchema,
} from '@malewa/contracts/offers/manage-offers';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;
const client = (context: Context, request: Request) => apiClientFor(context, request, sessionOf(context));

export async function listShopOffers(context: Context, request: Request, shopId: string) {
  return (await client(context, request).get(`/provider/shops/${shopId}/offers`, ZManagedOffersResponseSchema)).data;
}

export async function createShopOffer(context: Context, request: Request, shopId: string, offer: OfferInput) {
  return (
    await client(context, request).request(
      'base',
      'POST',
      `/provider/shops/${shopId}/offers`,
      ZManagedOfferResponseSchema,
      {
        body: offer,
      },
    )
  ).data;
}

export async function endShopOffer(context: Context, request: Request, id: string) {
  return (
    await client(context, request).request('base', 'POST', `/provider/offers/${id}/end`, ZManagedOfferResponseSchema)
  ).data;
}

export function listOperatorOffers(context: Context, request: Request, query: Partial<ListOperatorOffersQuery>) {
  return client(context, request).get('/operator/offers', listEnvelope(ZManagedOfferSchema), query);
}

export async function createOperatorOffer(context: Context, request: Request, offer: OperatorOfferInput) {
  return (
    await client(context, request).request('base', 'POST', '/operator/offers', ZManagedOfferResponseSchema, {
      body: offer,
    })
  ).data;
}

export async function endOperatorOffer(context: Context, request: Request, id: string) {
  return (
    await client(context, request).request('base', 'POST', `/operator/offers/${id}/end`, ZManagedOfferResponseSchema)
  ).data;
}
