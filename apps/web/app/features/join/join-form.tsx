import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { CERTIFICATE_REQUIRED, type DocumentKind, KINDS_OF_SERVICE } from '@malewa/contracts/join/join-rules';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { WeekHoursFields } from '#app/ui/week-hours-fields.tsx';
import type { JoinErrorField, JoinValues } from './join-fields.ts';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** What the API takes, by content; the list also lets a phone offer its camera. */
const ACCEPTED = 'application/pdf,image/jpeg,image/png';

/**
 * The application form (docs/product/providers.md, joining): the business, who to talk to,
 * where it works (with the pin the page puts in `pin`, told of the city chosen by
 * `onCityChange`), its week and its documents. One multipart form: without JavaScript the
 * browser sends it as it is; with it, a refused form keeps the chosen files.
 */
export function JoinForm({
  service,
  values,
  errors,
  cities,
  pin,
  onCityChange,
}: {
  service: ServiceId;
  values: JoinValues;
  errors: FieldErrors<JoinErrorField>;
  cities: readonly { slug: string; name: string }[];
  pin: ReactNode;
  onCityChange?: (city: string) => void;
}) {
  const { t } = useI18n();
  const kinds = KINDS_OF_SERVICE[service];
  const field = (
    name: 'businessName' | 'contactName' | 'phone' | 'email' | 'area' | 'street',
    input: Record<string, unknown>,
    hint?: string,
  ) => (
    <FormField id={`join-${name}`} label={t(`join.field.${name}`)} hint={hint} error={errors[name]}>
      {(props) => <input {...props} name={name} defaultValue={values[name]} required {...input} />}
    </FormField>
  );
  const document = (kind: DocumentKind) => (
    <div className="form-field">
      <label htmlFor={`join-document-${kind}`}>{t(`join.document.${kind}`)}</label>
      <input
        id={`join-document-${kind}`}
        type="file"
        name={kind}
        accept={ACCEPTED}
        aria-describedby={kind === 'id' ? (errors.id ? 'join-id-error' : undefined) : 'join-documents-hint'}
        aria-invalid={(kind === 'id' ? errors.id : errors.certificate) ? true : undefined}
      />
    </div>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="checkout-form join-form" noValidate>
      <CsrfField />
      {errors.form && (
        <p className="notice notice-error" role="alert">
          {t(errors.form)}
        </p>
      )}
      {kinds.length === 1 ? (
        <input type="hidden" name="kind" value={kinds[0]} />
      ) : (
        <fieldset className={errors.kind ? 'form-field has-error' : 'form-field'} aria-describedby="join-kind-error">
          <legend>{t('join.field.kind')}</legend>
          {errors.kind && (
            <p id="join-kind-error" className="field-error">
              {t(errors.kind)}
            </p>
          )}
          {kinds.map((kind) => (
            <label key={kind} className="choice">
              <input type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} required />{' '}
              {t(`join.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      {field('businessName', { maxLength: 80, autoComplete: 'organization' }, t('join.field.businessName.hint'))}
      <div className="checkout-pair">
        {field('contactName', { maxLength: 80, autoComplete: 'name' })}
        {field('phone', { type: 'tel', maxLength: 20, autoComplete: 'tel', inputMode: 'tel' })}
      </div>
      {field('email', { type: 'email', maxLength: 254, autoComplete: 'email' })}
      <div className="checkout-pair">
        <FormField id="join-city" label={t('join.field.city')} error={errors.city}>
          {(props) => (
            <select
              {...props}
              name="city"
              defaultValue={values.city}
              required
              onChange={(event) => onCityChange?.(event.currentTarget.value)}
            >
              {cities.map((city) => (
                <option key={city.slug} value={city.slug}>
                  {city.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field('area', { maxLength: 80, autoComplete: 'address-level3' })}
      </div>
      {field('street', { maxLength: 120, autoComplete: 'street-address' })}
      <h3>{t('join.pin.title')}</h3>
      {pin}
      <WeekHoursFields
        days={WEEKDAYS.map((day) => t(`catalog.weekday.${day}`))}
        values={values.hours}
        legend={t('join.hours.title')}
        hint={t('join.hours.hint')}
        error={errors.hours}
        opens={t('join.hours.opens')}
        closes={t('join.hours.closes')}
      />
      <FormField
        id="join-description"
        label={t('join.field.description')}
        hint={t('join.field.description.hint')}
        error={errors.description}
      >
        {(props) => (
          <textarea
            {...props}
            name="description"
            defaultValue={values.description}
            rows={4}
            maxLength={1000}
            required
          />
        )}
      </FormField>
      <fieldset className="join-documents">
        <legend>{t('join.documents.title')}</legend>
        <p id="join-documents-hint" className="field-hint">
          {t('join.documents.hint')}
          {CERTIFICATE_REQUIRED[service] && <> {t('join.documents.certificate')}</>}
        </p>
        {errors.id && (
          <p id="join-id-error" className="field-error">
            {t(errors.id)}
          </p>
        )}
        {document('id')}
        {errors.certificate && <p className="field-error">{t(errors.certificate)}</p>}
        {document('food-safety')}
        {document('trading')}
      </fieldset>
      <p className="order-actions">
        <button type="submit">{t('join.submit')}</button>
      </p>
    </Form>
  );
}
