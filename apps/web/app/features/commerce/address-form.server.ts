import { type DeliveryAddress, ZDeliveryAddressSchema } from '@malewa/contracts/orders/order';
import { ADDRESS_FIELDS, type AddressErrors, type AddressField, type AddressValues } from './address-fields.tsx';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** What the address fields of a form hold, as typed (kept for the page when it comes back). */
export function addressValuesOf(form: FormData): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(form, field)])) as AddressValues;
}

/**
 * The address fields checked with the API's own schema: the address, or the error of each
 * field that is wrong (a missing pin reads as one error, on the pin).
 */
export function readAddress(values: AddressValues): { address: DeliveryAddress } | { errors: AddressErrors } {
  const parsed = ZDeliveryAddressSchema.safeParse({
    recipient: values.recipient,
    phone: values.phone,
    line: values.line,
    area: values.area,
    city: values.city,
    postalCode: values.postalCode || undefined,
    latitude: Number.parseFloat(values.latitude),
    longitude: Number.parseFloat(values.longitude),
    instructions: values.instructions || undefined,
  });
  if (parsed.success) return { address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as AddressField;
    if (!(ADDRESS_FIELDS as readonly string[]).includes(field)) continue;
    errors[field] =
      field === 'latitude' || field === 'longitude'
        ? 'commerce.checkout.error.pin'
        : 'commerce.checkout.error.required';
  }
  return { errors };
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
