import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { type LocationInput, ZLocationInputSchema } from '@malewa/contracts/locations/location';
import { data, type RouterContextProvider, redirect } from 'react-router';
import {
  deleteLocation,
  getLocation,
  listLocations,
  saveLocation,
} from '../../features/operator/operator-api.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { uuidParam } from '../../platform/http/uuid.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

export interface LocationValues {
  name: string;
  slug: string;
  kind: string;
  parentId: string;
  countryCode: string;
  timezone: string;
  latitude: string;
  longitude: string;
  isActive: boolean;
}
export type LocationErrors = Partial<Record<keyof LocationValues | 'form', MessageKey>>;

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

export type LocationOutcome = { status: 'invalid'; values: LocationValues; errors: LocationErrors };

const FIELD_ERRORS: Partial<Record<string, [keyof LocationValues, MessageKey]>> = {
  name: ['name', 'operator.location.error.name'],
  slug: ['slug', 'operator.location.error.slug'],
  parentId: ['parentId', 'operator.location.error.parent'],
  kind: ['parentId', 'operator.location.error.parent'],
  timezone: ['timezone', 'operator.location.error.timezone'],
  latitude: ['latitude', 'operator.location.error.point'],
  longitude: ['longitude', 'operator.location.error.point'],
};

function errorsOf(fields: Iterable<string>): LocationErrors {
  const errors: LocationErrors = { form: 'operator.location.error.form' };
  for (const field of fields) {
    const known = FIELD_ERRORS[field];
    if (known) errors[known[0]] = known[1];
  }
  return errors;
}

/** Saves (new or replaced) or deletes a location; the API's refusals come back to their fields. */
export async function submitLocationForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const id = idOf(params);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const list = localizePath('/operator/locations', locale.code);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values: LocationValues = {
    name: text('name'),
    slug: text('slug'),
    kind: text('kind'),
    parentId: text('parentId'),
    countryCode: text('countryCode'),
    timezone: text('timezone'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    isActive: form.get('isActive') === 'on',
  };
  const invalid = (errors: LocationErrors, status = 400) =>
    data<LocationOutcome>({ status: 'invalid', values, errors }, { status });
  if (form.get('intent') === 'delete' && id) {
    try {
      await signedInCall(url, () => deleteLocation(context, request, id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        return invalid({ form: 'operator.location.error.inUse' }, 409);
      }
      throw error;
    }
    notify(context, { type: 'success', title: t('operator.location.deleted'), message: '' });
    throw redirect(list, 303);
  }
  const number = (value: string) => (value === '' ? Number.NaN : Number(value.replace(',', '.')));
  const parsed = ZLocationInputSchema.safeParse({
    name: values.name,
    slug: values.slug || undefined,
    kind: values.kind,
    parentId: values.parentId || null,
    countryCode: values.countryCode,
    timezone: values.timezone || undefined,
    latitude: number(values.latitude),
    longitude: number(values.longitude),
    isActive: values.isActive,
  });
  if (!parsed.success) return invalid(errorsOf(parsed.error.issues.map((issue) => String(issue.path[0] ?? ''))));
  const input: LocationInput = parsed.data;
  let saved: { id: string; name: string };
  try {
    saved = await signedInCall(url, () => saveLocation(context, request, id, input));
  } catch (error) {
    if (error instanceof ApiError && [400, 409, 422].includes(error.status)) {
      return invalid(errorsOf(Object.keys(error.errors)));
    }
    throw error;
  }
  notify(context, { type: 'success', title: t('operator.location.saved', { name: saved.name }), message: '' });
  throw redirect(list, 303);
}
