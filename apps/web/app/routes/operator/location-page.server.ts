import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { type LocationInput, ZLocationInputSchema } from '@malewa/contracts/locations/location';
import { type RouterContextProvider, redirect } from 'react-router';
import {
  deleteLocation,
  getLocation,
  listLocations,
  saveLocation,
} from '#app/features/operator/operator-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { type FieldWords, invalid, parseForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { uuidParam } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import type { LocationField, LocationValues } from './location-fields.ts';

type Context = Readonly<RouterContextProvider>;

/** The location of the address, or undefined on `/operator/locations/new`. */
const idOf = (params: { id?: string }) => (params.id === undefined ? undefined : uuidParam(params.id));

/** Every city, for an area's parent: a hundred is more than the markets have. */
async function citiesOf(url: URL, context: Context, request: Request) {
  const { data: rows } = await signedInCall(url, () =>
    listLocations(context, request, { perPage: 100, sortBy: 'name' }),
  );
  return rows
    .filter((row) => row.kind === 'city')
    .map((row) => ({ id: row.id, name: row.name, countryCode: row.countryCode }));
}

/** `/operator/locations/new` and `/operator/locations/{id}`: a location's form. */
export async function loadLocationForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = idOf(params);
  const t = translatorFor(localeOfPath(url.pathname).code);
  const [location, cities] = await Promise.all([
    id ? signedInCall(url, () => getLocation(context, request, id)) : Promise.resolve(null),
    citiesOf(url, context, request),
  ]);
  const values: LocationValues = location
    ? {
        name: location.name,
        slug: location.slug,
        kind: location.kind,
        parentId: location.parentId ?? '',
        countryCode: location.countryCode,
        timezone: location.timezone,
        latitude: String(location.latitude),
        longitude: String(location.longitude),
        isActive: location.isActive,
      }
    : {
        name: '',
        slug: '',
        kind: 'city',
        parentId: '',
        countryCode: 'ZA',
        timezone: '',
        latitude: '',
        longitude: '',
        isActive: true,
      };
  const heading = location ? t('operator.location.edit', { name: location.name }) : t('operator.location.new');
  return {
    id: location?.id ?? null,
    values,
    cities: cities.filter((city) => city.id !== location?.id),
    countries: COUNTRY_CODES,
    heading,
    title: `${heading} | ${t('site.name')}`,
  };
}

/** The form's field for each field of the request (an area's kind is its parent's to fix). */
const FIELD_OF: Partial<Record<string, LocationField>> = {
  name: 'name',
  slug: 'slug',
  parentId: 'parentId',
  kind: 'parentId',
  timezone: 'timezone',
  latitude: 'latitude',
  longitude: 'longitude',
};

const MESSAGE_OF: Partial<Record<LocationField | 'form', MessageKey>> = {
  name: 'operator.location.error.name',
  slug: 'operator.location.error.slug',
  parentId: 'operator.location.error.parent',
  timezone: 'operator.location.error.timezone',
  latitude: 'operator.location.error.point',
  longitude: 'operator.location.error.point',
};

const WORDS: FieldWords<LocationField> = {
  fieldOf: (path) => FIELD_OF[path.split('.')[0] ?? ''],
  messageOf: (field) => MESSAGE_OF[field] ?? 'operator.location.error.form',
};

/** The form's notice above its fields, besides each field's own message. */
const withNotice = (errors: FieldErrors<LocationField>): FieldErrors<LocationField> => ({
  ...errors,
  form: 'operator.location.error.form',
});

/** Saves (new or replaced) or deletes a location; the API's refusals come back to their fields. */
export async function submitLocationForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = idOf(params);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const list = localizePath('/operator/locations', locale.code);
  const form = await request.formData();
  const values: LocationValues = {
    name: textOf(form, 'name'),
    slug: textOf(form, 'slug'),
    kind: textOf(form, 'kind'),
    parentId: textOf(form, 'parentId'),
    countryCode: textOf(form, 'countryCode'),
    timezone: textOf(form, 'timezone'),
    latitude: textOf(form, 'latitude'),
    longitude: textOf(form, 'longitude'),
    isActive: form.get('isActive') === 'on',
  };
  const intent = textOf(form, 'intent');
  if (intent === 'delete' && id) {
    try {
      await signedInCall(url, () => deleteLocation(context, request, id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        return refused(values, 'operator.location.error.inUse', 409, { intent });
      }
      throw error;
    }
    showToast(context, { type: 'success', title: t('operator.location.deleted'), message: '' });
    throw redirect(list, 303);
  }
  const number = (value: string) => (value === '' ? Number.NaN : Number(value.replace(',', '.')));
  const parsed = parseForm(
    ZLocationInputSchema,
    {
      name: values.name,
      slug: values.slug || undefined,
      kind: values.kind,
      parentId: values.parentId || null,
      countryCode: values.countryCode,
      timezone: values.timezone || undefined,
      latitude: number(values.latitude),
      longitude: number(values.longitude),
      isActive: values.isActive,
    },
    WORDS,
  );
  if (!parsed.ok) return invalid(values, withNotice(parsed.errors), { intent });
  const input: LocationInput = parsed.request;
  let saved: { id: string; name: string };
  try {
    saved = await signedInCall(url, () => saveLocation(context, request, id, input));
  } catch (error) {
    // A slug or a place already taken is the API's to know: back on its field, like a typo.
    if (error instanceof ApiError && [400, 409, 422].includes(error.status)) {
      const errors: FieldErrors<LocationField> = {};
      for (const name of Object.keys(error.errors)) {
        const field = WORDS.fieldOf(name);
        if (field) errors[field] = WORDS.messageOf(field, '');
      }
      return invalid(values, withNotice(errors), { intent });
    }
    throw error;
  }
  showToast(context, { type: 'success', title: t('operator.location.saved', { name: saved.name }), message: '' });
  throw redirect(list, 303);
}
