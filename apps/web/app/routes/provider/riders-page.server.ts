import { ZAddShopRiderRequestSchema } from '@malewa/contracts/delivery/add-shop-rider';
import type { Rider } from '@malewa/contracts/delivery/rider';
import { VEHICLES } from '@malewa/contracts/delivery/vocabulary';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { addShopRider, listShopRiders, removeShopRider } from '#app/features/riders/riders-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import {
  apiFailure,
  type FieldWords,
  invalid,
  parseForm,
  refused,
  textOf,
  valuesOf,
} from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The new rider's form as typed: their account's email or phone, and how they travel. */
export interface RiderValues {
  identifier: string;
  vehicle: string;
}
export type RiderField = keyof RiderValues;
/** A refusal to remove a rider names them (`details.rider`), so their card says why. */
export type RidersOutcome = FormOutcome<RiderValues, RiderField, true, { rider: string }>;
const FIELDS = ['identifier', 'vehicle'] as const;

/** A blank form: most riders in our markets ride a motorbike. */
export const FRESH_RIDER: RiderValues = { identifier: '', vehicle: 'motorbike' };

const MESSAGES: Record<RiderField | 'form', MessageKey> = {
  identifier: 'provider.riders.error.identifier',
  vehicle: 'provider.riders.error.vehicle',
  form: 'provider.riders.error.form',
};
/** The API's words for a national number several markets share (features/auth/identifier.ts). */
const NEEDS_COUNTRY_CODE = /country code/i;
const words: FieldWords<RiderField> = {
  fieldOf: (path) => ((FIELDS as readonly string[]).includes(path) ? (path as RiderField) : 'form'),
  messageOf: (field, message) =>
    field === 'identifier' && NEEDS_COUNTRY_CODE.test(message) ? 'provider.riders.error.countryCode' : MESSAGES[field],
};

/** A rider as the shop's page lists them: theirs to remove, or the fleet's serving them. */
export function shownRider(rider: Rider, shopId: string) {
  return {
    id: rider.id,
    name: rider.name,
    contact: rider.contact,
    vehicle: rider.vehicle,
    own: rider.shopId === shopId,
    onShift: rider.onShift,
    busy: rider.busy,
    suspended: rider.suspended !== null,
  };
}
export type ShownRider = ReturnType<typeof shownRider>;

/** `/provider/riders`: the shop's own riders and the fleet's who serve it, and the form to add one. */
export async function loadRiders(url: URL, request: Request, context: Context) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const riders = await signedInCall(url, () => listShopRiders(context, request, shop.id));
  return {
    shop,
    riders: riders.map((rider) => shownRider(rider, shop.id)),
    vehicles: VEHICLES,
    values: FRESH_RIDER,
    title: `${t('provider.riders.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

/**
 * Adds one of the shop's own riders by their account's email or phone, or removes one (the
 * shop's own only: the fleet's are the operator's). Someone without an account, or who already
 * rides, comes back beside the field with what was typed.
 */
export async function ridersAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const form = await request.formData();
  const back = `${localizePath('/provider/riders', locale.code)}?shop=${shop.id}`;
  if (textOf(form, 'intent') === 'remove') {
    const riderId = textOf(form, 'rider');
    if (!isUuid(riderId)) throw data(null, { status: 400 });
    try {
      await signedInCall(url, () => removeShopRider(context, request, shop.id, riderId), { notFound: 'caller' });
    } catch (error) {
      // Removed already (another tab, another of the shop's people): the list says so.
      if (error instanceof ApiError && error.status === 404) {
        showToast(context, { type: 'info', title: t('provider.riders.gone'), message: '' });
        throw redirect(back, 303);
      }
      // On a delivery now: removed once it is done.
      if (error instanceof ApiError && error.status === 409) {
        return refused(FRESH_RIDER, 'provider.riders.error.busy', 409, {
          intent: 'remove',
          details: { rider: riderId },
        });
      }
      throw error;
    }
    showToast(context, { type: 'success', title: t('provider.riders.removed'), message: '' });
    throw redirect(back, 303);
  }
  const values = valuesOf(form, FIELDS);
  const parsed = parseForm(ZAddShopRiderRequestSchema, values, words);
  if (!parsed.ok) return invalid(values, parsed.errors, { intent: 'add' });
  const rider = parsed.request;
  let added: Rider;
  try {
    added = await signedInCall(url, () => addShopRider(context, request, shop.id, rider), { notFound: 'caller' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Nobody signs in with it: riders register like anyone else first.
    if (error.status === 404)
      return invalid(values, { identifier: 'provider.riders.error.noAccount' }, { intent: 'add' });
    // They ride already, for this shop, another or the fleet.
    if (error.status === 409) {
      return invalid(values, { identifier: 'provider.riders.error.alreadyRides' }, { intent: 'add', status: 409 });
    }
    if (error.status === 400 || error.status === 429) {
      return apiFailure(error, values, 'provider: adding a rider', words, { intent: 'add' });
    }
    throw error;
  }
  showToast(context, { type: 'success', title: t('provider.riders.added', { name: added.name }), message: '' });
  throw redirect(back, 303);
}
