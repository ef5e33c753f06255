import { ZSavedAddressInputSchema } from '@malewa/contracts/addresses/saved-address';
import { type DeliveryAddress, ZDeliveryAddressSchema } from '@malewa/contracts/orders/order';
import { z } from 'zod';
import { type FieldWords, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { ADDRESS_FIELDS, type AddressField, type AddressValues } from './address-fields.tsx';

/** What the address fields of a form hold, trimmed (kept for the page when it comes back). */
export function addressValuesOf(form: FormData): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, textOf(form, field)])) as AddressValues;
}

/** The most characters each text field of an address takes: the contract's own limits. */
const MAX_LENGTH = Object.fromEntries(
  ADDRESS_FIELDS.flatMap((field) => {
    const rule = ZDeliveryAddressSchema.shape[field];
    const text = rule instanceof z.ZodOptional ? rule.unwrap() : rule;
    return text instanceof z.ZodString && text.maxLength !== null ? [[field, text.maxLength]] : [];
  }),
) as Partial<Record<AddressField, number>>;

/** The longest name a shopper gives a saved address. */
const LABEL_MAX_LENGTH = ZSavedAddressInputSchema.shape.label.maxLength ?? 40;

/** "Use at most {n} characters", one message per limit the address forms have. */
const TOO_LONG: Readonly<Record<number, MessageKey>> = {
  16: 'commerce.address.error.max16',
  40: 'commerce.address.error.max40',
  100: 'commerce.address.error.max100',
  200: 'commerce.address.error.max200',
  500: 'commerce.address.error.max500',
};

/** The message of a text longer than `max`; one per limit of the address forms (a test checks each has one). */
export function tooLongMessage(max: number): MessageKey {
  return TOO_LONG[max] ?? 'commerce.checkout.error.required';
}

/** The limits said by a "too long" message, the label's included (a phone too long is the phone's message). */
export const ADDRESS_MAX_LENGTHS: Readonly<Record<string, number>> = (() => {
  const { phone: _phone, ...said } = MAX_LENGTH;
  return { ...said, label: LABEL_MAX_LENGTH };
})();

/**
 * Each field's message for the rule it broke, from what was typed: empty, "fill this in"; a
 * phone the rider could not call, the phone's message; too long, the field's limit. A missing
 * pin reads as one error, on the pin.
 */
function addressWords(values: AddressValues): FieldWords<AddressField> {
  return {
    fieldOf: (path) => ADDRESS_FIELDS.find((field) => field === path.split('.')[0]),
    messageOf: (field) => {
      if (field === 'form') return 'commerce.error.failed';
      if (field === 'latitude' || field === 'longitude') return 'commerce.checkout.error.pin';
      const typed = values[field].trim();
      if (typed === '') return 'commerce.checkout.error.required';
      if (field === 'phone') return 'commerce.checkout.error.phone';
      const max = MAX_LENGTH[field];
      return max !== undefined && typed.length > max ? tooLongMessage(max) : 'commerce.checkout.error.required';
    },
  };
}

/** The message beside a saved address's name: none when it is 1 to 40 characters. */
export function labelErrorOf(label: string): MessageKey | undefined {
  const typed = label.trim();
  if (typed === '') return 'commerce.checkout.error.required';
  return typed.length > LABEL_MAX_LENGTH ? tooLongMessage(LABEL_MAX_LENGTH) : undefined;
}

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
    addressWords(values),
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
