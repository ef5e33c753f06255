import type { AdvancedStatus } from '@malewa/contracts/orders/order';
import {
  acceptOrderEndpoint,
  advanceOrderEndpoint,
  rejectOrderEndpoint,
} from '@malewa/contracts/orders/provider-order-moves';
import { listMyShopsEndpoint, listProviderOrdersEndpoint } from '@malewa/contracts/orders/provider-orders';
import { streamShopEventsEndpoint } from '@malewa/contracts/orders/stream-shop-events';
import { createListingEndpoint } from '@malewa/contracts/provider/create-listing';
import { getListingEndpoint } from '@malewa/contracts/provider/get-listing';
import { getSalesSummaryEndpoint } from '@malewa/contracts/provider/get-sales-summary';
import { getShopSettingsEndpoint } from '@malewa/contracts/provider/get-shop-settings';
import { listListingsEndpoint } from '@malewa/contracts/provider/list-listings';
import type { ListingInput } from '@malewa/contracts/provider/listings';
import type { SalesSummaryQuery } from '@malewa/contracts/provider/sales-summary';
import { setListingPhotoEndpoint } from '@malewa/contracts/provider/set-listing-photo';
import { setListingVisibilityEndpoint } from '@malewa/contracts/provider/set-listing-visibility';
import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import { updateListingEndpoint } from '@malewa/contracts/provider/update-listing';
import { updateShopSettingsEndpoint } from '@malewa/contracts/provider/update-shop-settings';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The provider's calls to the API, through their session: the API checks every shop is theirs. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listMyShops(context: Context, request: Request) {
  return (await client(context, request).call(listMyShopsEndpoint, {})).data;
}

export async function listListings(context: Context, request: Request, shopId: string) {
  return (await client(context, request).call(listListingsEndpoint, { params: { shopId } })).data;
}

export async function getListing(context: Context, request: Request, id: string) {
  return (await client(context, request).call(getListingEndpoint, { params: { id } })).data;
}

export async function createListing(context: Context, request: Request, shopId: string, input: ListingInput) {
  return (await client(context, request).call(createListingEndpoint, { params: { shopId }, body: input })).data;
}

export async function updateListing(context: Context, request: Request, id: string, input: ListingInput) {
  return (await client(context, request).call(updateListingEndpoint, { params: { id }, body: input })).data;
}

export async function setListingVisibility(context: Context, request: Request, id: string, hidden: boolean) {
  return (await client(context, request).call(setListingVisibilityEndpoint, { params: { id }, body: { hidden } })).data;
}

export async function sendListingPhoto(context: Context, request: Request, id: string, photo: File) {
  const form = new FormData();
  form.set('photo', photo, photo.name || 'photo');
  return (await client(context, request).call(setListingPhotoEndpoint, { params: { id }, body: form })).data;
}

export function listShopOrders(context: Context, request: Request, shopId: string) {
  return client(context, request).call(listProviderOrdersEndpoint, { query: { shop: shopId, perPage: 60 } });
}

export async function acceptOrder(context: Context, request: Request, id: string, prepMinutes: number) {
  return (await client(context, request).call(acceptOrderEndpoint, { params: { id }, body: { prepMinutes } })).data;
}

export async function rejectOrder(context: Context, request: Request, id: string, reason: string) {
  return (await client(context, request).call(rejectOrderEndpoint, { params: { id }, body: { reason } })).data;
}

/** `to`: the status the button said, so a form sent twice moves the order once. */
export async function advanceOrder(context: Context, request: Request, id: string, to: AdvancedStatus) {
  return (await client(context, request).call(advanceOrderEndpoint, { params: { id }, body: { to } })).data;
}

/** A shop's live stream of orders, passed through as it is (routes/provider/shop-events.ts). */
export function openShopEvents(
  context: Context,
  request: Request,
  shopId: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
) {
  return client(context, request).openStream(streamShopEventsEndpoint, { query: { shop: shopId }, ...init });
}

export async function getShopSettings(context: Context, request: Request, shopId: string) {
  return (await client(context, request).call(getShopSettingsEndpoint, { params: { shopId } })).data;
}

export async function updateShopSettings(context: Context, request: Request, shopId: string, settings: ShopSettings) {
  return (await client(context, request).call(updateShopSettingsEndpoint, { params: { shopId }, body: settings })).data;
}

export async function getSales(context: Context, request: Request, shopId: string, query: SalesSummaryQuery) {
  return (await client(context, request).call(getSalesSummaryEndpoint, { params: { shopId }, query })).data;
}

/** The orders wanted at a time not yet past, soonest first: the console's calendar. */
export function listUpcomingOrders(context: Context, request: Request, shopId: string) {
  return client(context, request).call(listProviderOrdersEndpoint, {
    query: { shop: shopId, scheduled: 'upcoming', perPage: 100 },
  });
}
