import { type DeliveryAddress, ZDeliveryAddressSchema } from '@malewa/contracts/orders/order';
import { type FieldWords, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { ADDRESS_FIELDS, type AddressField, type AddressValues } from './address-fields.tsx';

/** What the address fields of a form hold, trimmed (kept for the page when it comes back). */
export function addressValuesOf(form: FormData): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, textOf(form, field)])) as AddressValues;
}

/** One message per field, whatever rule it broke; a missing pin reads as one error, on the pin. */
const ADDRESS_WORDS: FieldWords<AddressField> = {
  fieldOf: (path) => ADDRESS_FIELDS.find((field) => field === path.split('.')[0]),
  messageOf: (field) =>
    field === 'latitude' || field === 'longitude'
      ? 'commerce.checkout.error.pin'
      : field === 'form'
        ? 'commerce.error.failed'
        : 'commerce.checkout.error.required',
};

/** The address fields checked with the API's own schema: the address, or each wrong field's error. */
export function readAddress(
  values: AddressValues,
): { ok: true; address: DeliveryAddress } | { ok: false; errors: FieldErrors<AddressField> } {
  const parsed = parseForm(
    ZDeliveryAddressSchema,
    {
      recipient: values.recipient,
      phone: values.phone,
      line: values.line,
      area: values.area,
      city: values.city,
      postalCode: values.postalCode || undefined,
      latitude: Number.parseFloat(values.latitude),
      longitude: Number.parseFloat(values.longitude),
      instructions: values.instructions || undefined,
    },
    ADDRESS_WORDS,
  );
  return parsed.ok ? { ok: true, address: parsed.request } : parsed;
}

/** The values of a saved or snapshotted address, for a form that edits it. */
export function valuesOfAddress(address: DeliveryAddress): AddressValues {
  return {
    recipient: address.recipient,
    phone: address.phone,
    line: address.line,
    area: address.area,
    city: address.city,
    postalCode: address.postalCode ?? '',
    instructions: address.instructions ?? '',
    latitude: String(address.latitude),
    longitude: String(address.longitude),
  };
}

/**
 * A new address's starting values: the shopper's own name and phone, their place's city and
 * its centre as the pin (the map or the phone moves it from there).
 */
export function freshAddressValues(
  me: { name: string; surname: string; phone: string | null },
  place: { name: string; latitude: number; longitude: number } | undefined,
): AddressValues {
  return {
    recipient: `${me.name} ${me.surname}`.trim(),
    phone: me.phone ?? '',
    line: '',
    area: '',
    city: place?.name ?? '',
    postalCode: '',
    instructions: '',
    latitude: place ? String(place.latitude) : '',
    longitude: place ? String(place.longitude) : '',
  };
}
