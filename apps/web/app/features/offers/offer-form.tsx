import { OFFER_KINDS } from '@malewa/contracts/catalog/vocabulary';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { OfferErrors, OfferValues } from './offer-form.server.ts';

/** A new offer's form, for a shop (provider console) or a market's service (`scope`, operator console). */
export function OfferForm({
  values,
  errors,
  currency,
  action,
  scope,
}: {
  values: OfferValues;
  errors: OfferErrors;
  currency: string;
  action: string;
  scope?: ReactNode;
}) {
  const { t } = useI18n();
  const field = (name: keyof OfferValues, label: string, input: Record<string, unknown> = {}, hint?: string) => (
    <FormField id={`offer-${name}`} label={label} hint={hint} error={errors[name]}>
      {(props) => <input {...props} name={name} defaultValue={values[name]} {...input} />}
    </FormField>
  );
  return (
    <Form method="post" action={action} className="checkout-form offer-form" noValidate>
      <CsrfField />
      <input type="hidden" name="intent" value="create" />
      {errors.form && (
        <p className="notice notice-error" role="alert">
          {t(errors.form)}
        </p>
      )}
      {scope}
      <div className="checkout-pair">
        <FormField id="offer-kind" label={t('offers.kind')} error={undefined}>
          {(props) => (
            <select {...props} name="kind" defaultValue={values.kind}>
              {OFFER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`offers.kind.${kind}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field('value', t('offers.value', { currency }), { inputMode: 'decimal', dir: 'ltr' }, t('offers.valueHint'))}
      </div>
      {field('minimumSubtotal', t('offers.minimum', { currency }), { inputMode: 'decimal', dir: 'ltr' })}
      {field('name', t('offers.name'), { maxLength: 80 })}
      <div className="checkout-pair">
        {field('startsAt', t('offers.starts'), { type: 'datetime-local' })}
        {field('endsAt', t('offers.ends'), { type: 'datetime-local' })}
      </div>
      {field(
        'code',
        t('offers.code'),
        { maxLength: 20, dir: 'ltr', autoCapitalize: 'characters' },
        t('offers.codeHint'),
      )}
      <div className="checkout-pair">
        {field('totalLimit', t('offers.totalLimit'), { inputMode: 'numeric', dir: 'ltr' })}
        {field('perShopperLimit', t('offers.perShopper'), { inputMode: 'numeric', dir: 'ltr' })}
      </div>
      <p className="order-actions">
        <button type="submit">{t('offers.create')}</button>
      </p>
    </Form>
  );
}
