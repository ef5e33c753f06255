import { OFFER_KINDS } from '@malewa/contracts/catalog/vocabulary';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { OfferErrors, OfferItemChoice, OfferValues } from './offer-form.server.ts';

type TextField = Exclude<keyof OfferValues, 'itemIds'>;

/**
 * A new offer's form, for a shop (provider console) or a market's service (`scope`, operator
 * console). `items`: the shop's items it can be limited to; null when there is no one shop yet
 * (`noShop` says how to choose one).
 */
export function OfferForm({
  values,
  errors,
  currency,
  action,
  scope,
  items,
  noShop,
}: {
  values: OfferValues;
  errors: OfferErrors;
  currency: string;
  action: string;
  scope?: ReactNode;
  items: readonly OfferItemChoice[] | null;
  noShop?: ReactNode;
}) {
  const { t } = useI18n();
  const field = (name: TextField, label: string, input: Record<string, unknown> = {}, hint?: string) => (
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
      <fieldset
        className={errors.hoursFrom ? 'offer-scope has-error' : 'offer-scope'}
        aria-describedby={errors.hoursFrom ? 'offer-hours-hint offer-hours-error' : 'offer-hours-hint'}
      >
        <legend>{t('offers.hours')}</legend>
        <p id="offer-hours-hint" className="field-hint">
          {t('offers.hoursHint')}
        </p>
        {errors.hoursFrom && (
          <p id="offer-hours-error" className="field-error">
            {t(errors.hoursFrom)}
          </p>
        )}
        <div className="checkout-pair">
          {(['hoursFrom', 'hoursTo'] as const).map((name) => (
            <div key={name} className="form-field">
              <label htmlFor={`offer-${name}`}>{t(name === 'hoursFrom' ? 'offers.hoursFrom' : 'offers.hoursTo')}</label>
              <input
                id={`offer-${name}`}
                name={name}
                type="time"
                dir="ltr"
                defaultValue={values[name]}
                aria-invalid={errors.hoursFrom ? true : undefined}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset
        className={errors.itemIds ? 'offer-scope has-error' : 'offer-scope'}
        aria-describedby={errors.itemIds ? 'offer-items-hint offer-items-error' : 'offer-items-hint'}
      >
        <legend>{t('offers.items')}</legend>
        <p id="offer-items-hint" className="field-hint">
          {items ? t('offers.itemsHint') : noShop}
        </p>
        {errors.itemIds && (
          <p id="offer-items-error" className="field-error">
            {t(errors.itemIds)}
          </p>
        )}
        {items && items.length === 0 && <p>{t('offers.itemsEmpty')}</p>}
        {items && items.length > 0 && (
          <ul className="offer-items">
            {items.map((item) => (
              <li key={item.id}>
                <label>
                  <input
                    type="checkbox"
                    name="itemIds"
                    value={item.id}
                    defaultChecked={values.itemIds.includes(item.id)}
                  />
                  <span>
                    <bdi>{item.name}</bdi>
                    {item.hidden && <span className="card-meta"> ({t('offers.itemHidden')})</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <p className="order-actions">
        <button type="submit">{t('offers.create')}</button>
      </p>
    </Form>
  );
}
