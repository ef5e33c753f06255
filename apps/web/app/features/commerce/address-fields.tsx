import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { AddressPin } from './address-pin.tsx';

export const ADDRESS_FIELDS = [
  'recipient',
  'phone',
  'line',
  'area',
  'city',
  'postalCode',
  'instructions',
  'latitude',
  'longitude',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

const LABELS: Record<Exclude<AddressField, 'latitude' | 'longitude'>, MessageKey> = {
  recipient: 'commerce.address.recipient',
  phone: 'commerce.address.phone',
  line: 'commerce.address.line',
  area: 'commerce.address.area',
  city: 'commerce.address.city',
  postalCode: 'commerce.address.postalCode',
  instructions: 'commerce.address.instructions',
};

/** Each address field's name in a form's error summary; the pin's two halves are the pin. */
export const ADDRESS_LABELS: Readonly<Record<AddressField, MessageKey>> = {
  ...LABELS,
  latitude: 'commerce.pin.title',
  longitude: 'commerce.pin.title',
};

/**
 * An address form's errors as its summary lists them: the pin once, though both its halves are
 * wrong (beside the fields, the pin shows one message too).
 */
export function addressSummaryErrors<Field extends string>(errors: FieldErrors<Field>): FieldErrors<Field> {
  const pin = errors as FieldErrors<AddressField>;
  if (!(pin.latitude && pin.longitude)) return errors;
  const { longitude: _same, ...rest } = pin;
  return rest as FieldErrors<Field>;
}

/**
 * The fields of a delivery address, as checkout and the address book ask for them: who takes
 * it and their phone, street, area, city, postal code, the pin and the landmarks. `idPrefix`
 * keeps two of them on one page apart.
 */
export function AddressFields({
  values,
  errors,
  pinStart,
  idPrefix = 'address',
  onPinMove,
}: {
  values: AddressValues;
  errors: FieldErrors<AddressField>;
  pinStart: { latitude: number; longitude: number } | null;
  idPrefix?: string;
  /** Told where the pin was put: checkout prices the order there at once. */
  onPinMove?: (pin: { latitude: number; longitude: number }) => void;
}) {
  const { t } = useI18n();
  const field = (name: Exclude<AddressField, 'latitude' | 'longitude'>, input: Record<string, unknown> = {}) => (
    <FormField id={`${idPrefix}-${name}`} label={t(LABELS[name])} error={errors[name]}>
      {(props) =>
        name === 'instructions' ? (
          <textarea {...props} name={name} defaultValue={values[name]} maxLength={500} rows={3} />
        ) : (
          <input {...props} name={name} defaultValue={values[name]} {...input} />
        )
      }
    </FormField>
  );
  return (
    <>
      <div className="checkout-pair">
        {field('recipient', { autoComplete: 'name', required: true, maxLength: 100 })}
        {field('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true, maxLength: 32 })}
      </div>
      {field('line', { autoComplete: 'street-address', required: true, maxLength: 200 })}
      <div className="checkout-pair">
        {field('area', { autoComplete: 'address-level3', required: true, maxLength: 100 })}
        {field('city', { autoComplete: 'address-level2', required: true, maxLength: 100 })}
      </div>
      {field('postalCode', { autoComplete: 'postal-code', maxLength: 16 })}
      <h3>{t('commerce.pin.title')}</h3>
      <AddressPin
        start={pinStart}
        error={errors.latitude || errors.longitude ? t('commerce.checkout.error.pin') : undefined}
        onMove={onPinMove}
      />
      {field('instructions')}
    </>
  );
}
