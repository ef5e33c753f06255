import { cancelOrderEndpoint } from '@malewa/contracts/orders/cancel-order';
import { getOrderEndpoint } from '@malewa/contracts/orders/get-order';
import { listOrdersEndpoint } from '@malewa/contracts/orders/list-orders';
import type { Order } from '@malewa/contracts/orders/order';
import { rateOrderEndpoint } from '@malewa/contracts/orders/rate-order';
import { reorderEndpoint } from '@malewa/contracts/orders/reorder';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The shopper's orders at the API, through their session; another shopper's order is a 404 there. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export function listOrders(context: Context, request: Request, query: { page?: number; checkout?: string }) {
  return client(context, request).call(listOrdersEndpoint, { query: { perPage: 10, ...query } });
}

export async function getOrder(context: Context, request: Request, id: string): Promise<Order> {
  return (await client(context, request).call(getOrderEndpoint, { params: { id } })).data;
}

export async function cancelOrder(context: Context, request: Request, id: string): Promise<Order> {
  return (await client(context, request).call(cancelOrderEndpoint, { params: { id } })).data;
}

export async function rateOrder(
  context: Context,
  request: Request,
  id: string,
  rating: { stars: number; comment?: string | undefined },
): Promise<Order> {
  return (await client(context, request).call(rateOrderEndpoint, { params: { id }, body: rating })).data;
}

export async function reorder(context: Context, request: Request, id: string) {
  return (await client(context, request).call(reorderEndpoint, { params: { id } })).data;
}
