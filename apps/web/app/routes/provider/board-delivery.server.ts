import { assignRiderEndpoint } from '@malewa/contracts/delivery/assign-rider';
import type { Rider } from '@malewa/contracts/delivery/rider';
import type { JobStatus } from '@malewa/contracts/delivery/vocabulary';
import { type Order, PROVIDER_NEXT_STATUS } from '@malewa/contracts/orders/order';
import { type RouterContextProvider, redirect } from 'react-router';
import { assignRider, listShopRiders } from '#app/features/riders/riders-api.server.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, textOf } from '#app/platform/forms/form.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * An order's delivery as its card on the board says it (docs/decisions/0034): looking for a
 * rider, the rider who has it (first name and vehicle, in the page's words), on its way with
 * the minutes to the door, or the code locked after five wrong tries, which the shop then
 * completes. Null when no rider delivers it (chef orders, the shop delivering it itself).
 */
export interface BoardDelivery {
  status: Exclude<JobStatus, 'cancelled'>;
  rider: { name: string; vehicle: string } | null;
  etaMinutes: number | null;
  codeLocked: boolean;
}

export function boardDeliveryOf(order: Order, t: Translate): BoardDelivery | null {
  const delivery = order.delivery;
  if (!delivery || delivery.status === 'cancelled') return null;
  return {
    status: delivery.status,
    rider: delivery.rider
      ? { name: delivery.rider.firstName, vehicle: t(`provider.vehicle.${delivery.rider.vehicle}`) }
      : null,
    etaMinutes: delivery.status === 'picked_up' ? delivery.etaMinutes : null,
    codeLocked: delivery.codeLocked,
  };
}

/**
 * The board's "move on" for an order: none while a rider has it (the rider picks it up and
 * delivers it, and the API refuses the shop), except the delivery of one whose code is locked.
 */
export function shopNextStatus(order: Order): Order['status'] | null {
  const next = PROVIDER_NEXT_STATUS[order.status] ?? null;
  const job = order.delivery;
  const riderHasIt = job?.status === 'assigned' || job?.status === 'picked_up';
  if (!riderHasIt || (next !== 'out_for_delivery' && next !== 'delivered')) return next;
  return next === 'delivered' && job?.status === 'picked_up' && job.codeLocked ? next : null;
}

/** A rider the shop may give a delivery to by hand: on shift, free, not suspended. */
export interface AssignableRider {
  id: string;
  label: string;
}

const isAvailable = (rider: Rider) => rider.onShift && !rider.busy && rider.suspended === null;

/**
 * The shop's riders who could take a delivery now, its own first, then the fleet's (the API's
 * order), each named with their vehicle; asked only while an order of the board is still
 * looking for one.
 */
export async function assignableRiders(
  url: URL,
  context: Context,
  request: Request,
  shopId: string,
  orders: readonly Order[],
): Promise<AssignableRider[]> {
  if (!orders.some((order) => order.delivery?.status === 'searching')) return [];
  const t = translatorFor(localeOfPath(url.pathname).code);
  const riders = await signedInCall(url, () => listShopRiders(context, request, shopId));
  return riders
    .filter(isAvailable)
    .map((rider) => ({ id: rider.id, label: `${rider.name} · ${t(`provider.vehicle.${rider.vehicle}`)}` }));
}

/** The board's assign form as sent: which order, which rider (put back when refused). */
export interface AssignValues {
  order: string;
  riderId: string;
}

/** The conflict's problem when a rider (or another hand) took the job first. */
const isTaken = (error: ApiError) => problemOf(error, assignRiderEndpoint)?.code === 'gone';

/**
 * Gives a delivery still looking for a rider to one of the shop's available riders. A rider
 * no longer available (gone off shift, took another job) comes back beside the select; a job
 * a rider took meanwhile goes back to the board, which shows who has it.
 */
export async function assignFromBoard(
  url: URL,
  context: Context,
  request: Request,
  form: FormData,
  { orderId, board }: { orderId: string; board: string },
) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const riderId = textOf(form, 'riderId');
  const values: AssignValues = { order: orderId, riderId };
  if (!isUuid(riderId)) {
    return invalid<AssignValues, 'riderId'>(values, { riderId: 'provider.delivery.error.rider' }, { intent: 'assign' });
  }
  let rider: string | undefined;
  try {
    const delivery = await signedInCall(url, () => assignRider(context, request, orderId, riderId), {
      notFound: 'caller',
    });
    rider = delivery.rider?.firstName;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Not one of the riders who serve the shop (any more), or not this shop's order.
    if (error.status === 404 || error.status === 400) {
      return invalid<AssignValues, 'riderId'>(
        values,
        { riderId: 'provider.delivery.error.rider' },
        { intent: 'assign' },
      );
    }
    if (error.status === 409 && isTaken(error)) {
      showToast(context, { type: 'info', title: t('provider.delivery.taken'), message: '' });
      throw redirect(board, 303);
    }
    if (error.status === 409) {
      return invalid<AssignValues, 'riderId'>(
        values,
        { riderId: 'provider.delivery.error.unavailable' },
        { intent: 'assign', status: 409 },
      );
    }
    throw error;
  }
  showToast(context, {
    type: 'success',
    title: rider ? t('provider.delivery.assignedTo', { rider }) : t('provider.delivery.assignedDone'),
    message: '',
  });
  throw redirect(board, 303);
}
