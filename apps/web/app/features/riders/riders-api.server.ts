import { type AddFleetRiderRequest, addFleetRiderEndpoint } from '@malewa/contracts/delivery/add-fleet-rider';
import { type AddShopRiderRequest, addShopRiderEndpoint } from '@malewa/contracts/delivery/add-shop-rider';
import { assignRiderEndpoint } from '@malewa/contracts/delivery/assign-rider';
import { type CompleteDeliveryRequest, completeDeliveryEndpoint } from '@malewa/contracts/delivery/complete-delivery';
import { listFleetRidersEndpoint } from '@malewa/contracts/delivery/list-fleet-riders';
import { listLockedDeliveriesEndpoint } from '@malewa/contracts/delivery/list-locked-deliveries';
import { listShopRidersEndpoint } from '@malewa/contracts/delivery/list-shop-riders';
import { removeShopRiderEndpoint } from '@malewa/contracts/delivery/remove-shop-rider';
import { type SuspendRiderRequest, suspendRiderEndpoint } from '@malewa/contracts/delivery/suspend-rider';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The consoles' calls about riders (docs/decisions/0034), through the signed-in session: a
 * shop's own riders and the fleet's who serve it, an order given to one by hand, and the
 * operator's fleet. The API checks the shop is theirs, or the operator role, on every call.
 */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listShopRiders(context: Context, request: Request, shopId: string) {
  return (await client(context, request).call(listShopRidersEndpoint, { params: { shopId } })).data;
}

export async function addShopRider(context: Context, request: Request, shopId: string, rider: AddShopRiderRequest) {
  return (await client(context, request).call(addShopRiderEndpoint, { params: { shopId }, body: rider })).data;
}

export async function removeShopRider(context: Context, request: Request, shopId: string, riderId: string) {
  return (await client(context, request).call(removeShopRiderEndpoint, { params: { shopId, riderId } })).data;
}

export async function assignRider(context: Context, request: Request, orderId: string, riderId: string) {
  return (await client(context, request).call(assignRiderEndpoint, { params: { id: orderId }, body: { riderId } }))
    .data;
}

export async function listFleetRiders(context: Context, request: Request) {
  return (await client(context, request).call(listFleetRidersEndpoint, {})).data;
}

export async function addFleetRider(context: Context, request: Request, rider: AddFleetRiderRequest) {
  return (await client(context, request).call(addFleetRiderEndpoint, { body: rider })).data;
}

export async function suspendRider(
  context: Context,
  request: Request,
  riderId: string,
  suspension: SuspendRiderRequest,
) {
  return (await client(context, request).call(suspendRiderEndpoint, { params: { riderId }, body: suspension })).data;
}

/** Deliveries locked after five wrong codes, waiting for a shop or an operator (operators). */
export async function listLockedDeliveries(context: Context, request: Request) {
  return (await client(context, request).call(listLockedDeliveriesEndpoint, {})).data;
}

/** Completes a locked delivery, saying how the handover was checked (operators; logged). */
export async function completeDelivery(
  context: Context,
  request: Request,
  orderId: string,
  body: CompleteDeliveryRequest,
) {
  return (await client(context, request).call(completeDeliveryEndpoint, { params: { id: orderId }, body })).data;
}
