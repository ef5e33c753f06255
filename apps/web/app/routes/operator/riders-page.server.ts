import { ZAddFleetRiderRequestSchema } from '@malewa/contracts/delivery/add-fleet-rider';
import { ZCompleteDeliveryRequestSchema } from '@malewa/contracts/delivery/complete-delivery';
import type { Rider } from '@malewa/contracts/delivery/rider';
import { ZSuspendRiderRequestSchema } from '@malewa/contracts/delivery/suspend-rider';
import { VEHICLES } from '@malewa/contracts/delivery/vocabulary';
import type { Location } from '@malewa/contracts/locations/location';
import type { CountryCode } from '@malewa/contracts/markets';
import type { OperatorProvider } from '@malewa/contracts/operator/providers';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { listLocations, listProviders } from '#app/features/operator/operator-api.server.ts';
import { momentOf } from '#app/features/operator/operator-format.ts';
import {
  addFleetRider,
  completeDelivery,
  listFleetRiders,
  listLockedDeliveries,
  suspendRider,
} from '#app/features/riders/riders-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** A fleet rider's form as typed: the account's email or phone, the vehicle, a city and/or shops. */
export interface FleetValues {
  identifier: string;
  vehicle: string;
  locationId: string;
  shopIds: string[];
}
export type FleetField = keyof FleetValues;
export type FleetOutcome = FormOutcome<FleetValues, FleetField>;

/** Completing a locked delivery: which order, and how the handover was checked. */
export interface CompleteValues {
  order: string;
  reason: string;
}
export type CompleteOutcome = FormOutcome<CompleteValues, 'reason'>;
const COMPLETE_WORDS: FieldWords<'reason'> = {
  fieldOf: (path) => (path === 'reason' ? 'reason' : 'form'),
  messageOf: (field) => (field === 'reason' ? 'operator.riders.locked.error.reason' : 'operator.riders.error.form'),
};

/** A suspension's form: which rider, and why. */
export interface SuspendValues {
  rider: string;
  reason: string;
}
export type SuspendOutcome = FormOutcome<SuspendValues, 'reason'>;

export const FRESH_FLEET_RIDER: FleetValues = { identifier: '', vehicle: 'motorbike', locationId: '', shopIds: [] };

/**
 * The shops the form offers and the list names, and the cities: one page of the API's largest
 * (100), by name. Past that, a rider's shop is named by the start of its id: the API lists
 * shops a page at a time and has no lookup of several by id.
 */
const SHOPS_LISTED = 100;

const MESSAGES: Record<FleetField | 'form', MessageKey> = {
  identifier: 'operator.riders.error.identifier',
  vehicle: 'operator.riders.error.vehicle',
  locationId: 'operator.riders.error.where',
  shopIds: 'operator.riders.error.shops',
  form: 'operator.riders.error.form',
};
/** The API's words for a national number several markets share (features/auth/identifier.ts). */
const NEEDS_COUNTRY_CODE = /country code/i;
const words: FieldWords<FleetField> = {
  fieldOf: (path) => {
    const field = path.split('.')[0] ?? '';
    return Object.hasOwn(MESSAGES, field) && field !== 'form' ? (field as FleetField) : 'form';
  },
  messageOf: (field, message) =>
    field === 'identifier' && NEEDS_COUNTRY_CODE.test(message) ? 'operator.riders.error.countryCode' : MESSAGES[field],
};

const SUSPEND_WORDS: FieldWords<'reason'> = {
  fieldOf: () => 'reason',
  messageOf: () => 'operator.riders.error.reason',
};

/** A rider as the operator's list shows them: whose, where, and how they stand. */
export function shownRider(
  rider: Rider,
  places: { cities: ReadonlyMap<string, Location>; shops: ReadonlyMap<string, OperatorProvider> },
  language: string,
) {
  const shopName = (id: string) => places.shops.get(id)?.name ?? id.slice(0, 8).toUpperCase();
  const city = rider.locationId ? places.cities.get(rider.locationId) : undefined;
  const shop = rider.shopId ? places.shops.get(rider.shopId) : undefined;
  // The day of a suspension on the clock of the market the rider works in.
  const market: CountryCode = city?.countryCode ?? shop?.countryCode ?? 'ZA';
  return {
    id: rider.id,
    name: rider.name,
    contact: rider.contact,
    vehicle: rider.vehicle,
    fleet: rider.shopId === null,
    shop: rider.shopId ? shopName(rider.shopId) : null,
    city: rider.locationId ? (city?.name ?? null) : null,
    shops: rider.shopIds.length > 0 ? formatList(rider.shopIds.map(shopName), language) : null,
    onShift: rider.onShift,
    busy: rider.busy,
    suspended: rider.suspended
      ? { since: momentOf(rider.suspended.at, language, market, false), reason: rider.suspended.reason }
      : null,
  };
}
export type ShownFleetRider = ReturnType<typeof shownRider>;

/** The open shops by city, cities by name, for the form's multiple select (one group per city). */
export function shopGroupsOf(shops: readonly OperatorProvider[]) {
  const groups = new Map<string, { city: string; shops: { id: string; name: string }[] }>();
  for (const shop of shops) {
    if (shop.status !== 'active') continue;
    const group = groups.get(shop.city.id) ?? { city: shop.city.name, shops: [] };
    group.shops.push({ id: shop.id, name: shop.name });
    groups.set(shop.city.id, group);
  }
  return [...groups.values()].sort((a, b) => a.city.localeCompare(b.city));
}

/** `/operator/riders`: every rider, the fleet's first (the API's order), and the form to add one to the fleet. */
export async function loadFleet(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const [riders, locations, providers, locked] = await Promise.all([
    signedInCall(url, () => listFleetRiders(context, request)),
    signedInCall(url, () => listLocations(context, request, { perPage: SHOPS_LISTED, sortBy: 'name' })),
    signedInCall(url, () => listProviders(context, request, { perPage: SHOPS_LISTED, sortBy: 'name' })),
    signedInCall(url, () => listLockedDeliveries(context, request)),
  ]);
  const cities = new Map(locations.data.filter((place) => place.kind === 'city').map((place) => [place.id, place]));
  const shops = new Map(providers.data.map((shop) => [shop.id, shop]));
  return {
    riders: riders.map((rider) => shownRider(rider, { cities, shops }, locale.iso)),
    locked,
    vehicles: VEHICLES,
    cities: [...cities.values()].map((city) => ({ id: city.id, name: city.name, countryCode: city.countryCode })),
    shopGroups: shopGroupsOf(providers.data),
    values: FRESH_FLEET_RIDER,
    title: `${t('operator.riders.title')} | ${t('site.name')}`,
  };
}

/** The form's fields as sent: the shops ticked in the multiple select, only ids. */
function fleetValuesOf(form: FormData): FleetValues {
  return {
    identifier: textOf(form, 'identifier', { trim: false }),
    vehicle: textOf(form, 'vehicle'),
    locationId: textOf(form, 'locationId'),
    shopIds: form
      .getAll('shopIds')
      .map(String)
      .filter((id) => isUuid(id)),
  };
}

/** Adds a rider to the fleet, suspends one with the reason, or reinstates one (each logged by the API). */
export async function fleetAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const back = localizePath('/operator/riders', locale.code);
  const intent = textOf(form, 'intent');
  if (intent === 'complete') {
    const orderId = textOf(form, 'order');
    if (!isUuid(orderId)) throw data(null, { status: 400 });
    const values: CompleteValues = { order: orderId, reason: textOf(form, 'reason', { trim: false }) };
    const parsed = parseForm(ZCompleteDeliveryRequestSchema, { reason: values.reason }, COMPLETE_WORDS);
    if (!parsed.ok) return invalid(values, parsed.errors, { intent });
    const body = parsed.request;
    try {
      await signedInCall(url, () => completeDelivery(context, request, orderId, body), { notFound: 'caller' });
    } catch (error) {
      // Completed meanwhile (by its shop, or another operator), or no longer locked.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        showToast(context, { type: 'info', title: t('operator.riders.locked.gone'), message: '' });
        throw redirect(back, 303);
      }
      return apiFailure(error, values, 'operator: completing a delivery', COMPLETE_WORDS, { intent });
    }
    showToast(context, { type: 'success', title: t('operator.riders.locked.done'), message: '' });
    throw redirect(back, 303);
  }
  if (intent === 'suspend' || intent === 'reinstate') {
    const riderId = textOf(form, 'rider');
    if (!isUuid(riderId)) throw data(null, { status: 400 });
    const values: SuspendValues = { rider: riderId, reason: textOf(form, 'reason', { trim: false }) };
    const parsed = parseForm(
      ZSuspendRiderRequestSchema,
      intent === 'suspend' ? { suspended: true, reason: values.reason } : { suspended: false },
      SUSPEND_WORDS,
    );
    if (!parsed.ok) return invalid(values, parsed.errors, { intent });
    const suspension = parsed.request;
    try {
      await signedInCall(url, () => suspendRider(context, request, riderId, suspension), { notFound: 'caller' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        showToast(context, { type: 'info', title: t('operator.riders.gone'), message: '' });
        throw redirect(back, 303);
      }
      if (error instanceof ApiError && error.status === 400) {
        return apiFailure(error, values, 'operator: suspending a rider', SUSPEND_WORDS, { intent });
      }
      throw error;
    }
    const done = suspension.suspended ? 'operator.riders.suspendedDone' : 'operator.riders.reinstatedDone';
    showToast(context, { type: 'success', title: t(done), message: '' });
    throw redirect(back, 303);
  }
  const values = fleetValuesOf(form);
  const parsed = parseForm(
    ZAddFleetRiderRequestSchema,
    {
      identifier: values.identifier,
      vehicle: values.vehicle,
      locationId: values.locationId === '' ? null : values.locationId,
      shopIds: values.shopIds,
    },
    words,
  );
  // The schema asks for a city or shops only once every field is right: ask at once.
  const nowhere = values.locationId === '' && values.shopIds.length === 0;
  if (!parsed.ok || nowhere) {
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...(nowhere ? { locationId: MESSAGES.locationId } : {}) };
    return invalid(values, errors, { intent: 'add' });
  }
  const rider = parsed.request;
  let added: Rider;
  try {
    added = await signedInCall(url, () => addFleetRider(context, request, rider), { notFound: 'caller' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A shop gone since the page was drawn, or nobody signs in with the email or phone.
    if (error.status === 404) {
      const field = Object.hasOwn(error.errors, 'shopIds') ? 'shopIds' : 'identifier';
      const message = field === 'shopIds' ? MESSAGES.shopIds : 'operator.riders.error.noAccount';
      return invalid(values, { [field]: message }, { intent: 'add' });
    }
    if (error.status === 409) {
      return invalid(values, { identifier: 'operator.riders.error.alreadyRides' }, { intent: 'add', status: 409 });
    }
    if (error.status === 400 || error.status === 429) {
      return apiFailure(error, values, 'operator: adding a fleet rider', words, { intent: 'add' });
    }
    throw error;
  }
  showToast(context, { type: 'success', title: t('operator.riders.added', { name: added.name }), message: '' });
  throw redirect(back, 303);
}
