import { createOperatorOfferEndpoint } from '@malewa/contracts/offers/create-operator-offer';
import { createShopOfferEndpoint } from '@malewa/contracts/offers/create-shop-offer';
import { endOperatorOfferEndpoint } from '@malewa/contracts/offers/end-operator-offer';
import { endShopOfferEndpoint } from '@malewa/contracts/offers/end-shop-offer';
import { listOfferItemsEndpoint } from '@malewa/contracts/offers/list-offer-items';
import { listOperatorOffersEndpoint } from '@malewa/contracts/offers/list-operator-offers';
import { listShopOffersEndpoint } from '@malewa/contracts/offers/list-shop-offers';
import type { ListOperatorOffersQuery, OfferInput, OperatorOfferInput } from '@malewa/contracts/offers/manage-offers';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;
const client = (context: Context, request: Request) => apiClientFor(context, request, sessionOf(context));

export async function listShopOffers(context: Context, request: Request, shopId: string) {
  return (await client(context, request).call(listShopOffersEndpoint, { params: { shopId } })).data;
}

export async function createShopOffer(context: Context, request: Request, shopId: string, offer: OfferInput) {
  return (await client(context, request).call(createShopOfferEndpoint, { params: { shopId }, body: offer })).data;
}

export async function endShopOffer(context: Context, request: Request, id: string) {
  return (await client(context, request).call(endShopOfferEndpoint, { params: { id } })).data;
}

export function listOperatorOffers(context: Context, request: Request, query: Partial<ListOperatorOffersQuery>) {
  return client(context, request).call(listOperatorOffersEndpoint, { query });
}

export async function createOperatorOffer(context: Context, request: Request, offer: OperatorOfferInput) {
  return (await client(context, request).call(createOperatorOfferEndpoint, { body: offer })).data;
}

export async function endOperatorOffer(context: Context, request: Request, id: string) {
  return (await client(context, request).call(endOperatorOfferEndpoint, { params: { id } })).data;
}

/** A shop's items an operator's offer for it can be limited to. */
export async function listOfferItems(context: Context, request: Request, shopId: string) {
  return (await client(context, request).call(listOfferItemsEndpoint, { params: { id: shopId } })).data;
}
