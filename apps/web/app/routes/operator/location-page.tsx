import { Form } from 'react-router';
import { errorsOf, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/location-page';
import type { LocationField, LocationValues } from './location-fields.ts';
import { loadLocationForm, submitLocationForm } from './location-page.server.ts';

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadLocationForm(url, request, context, params);
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return submitLocationForm(url, request, context, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** A location's form: a city of a market, or an area of a city; delete it when nothing uses it. */
export default function LocationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const outcome = actionData as FormOutcome<LocationValues> | undefined;
  // A refused delete sent no fields: the location stays as loaded, not emptied.
  const values = outcome?.intent === 'delete' ? loaderData.values : keptValues(outcome, loaderData.values);
  const errors = errorsOf<LocationField>(outcome);
  // A location still in use is refused as a whole: its notice is the form's.
  const notice = outcome?.status === 'refused' ? outcome.reason : errors.form;
  const field = (
    name: 'name' | 'slug' | 'timezone' | 'latitude' | 'longitude',
    input: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <FormField id={`location-${name}`} label={t(`operator.location.${name}`)} hint={hint} error={errors[name]}>
      {(props) => <input {...props} name={name} defaultValue={values[name]} {...input} />}
    </FormField>
  );
  return (
    <section className="commerce-page operator-page" aria-labelledby="location-title">
      <p>
        <AppLink to={localizePath('/operator/locations', locale.code)}>{t('operator.location.back')}</AppLink>
      </p>
      <h1 id="location-title">{loaderData.heading}</h1>
      <Form method="post" className="checkout-form location-form" noValidate>
        <CsrfField />
        {notice && (
          <p className="notice notice-error" role="alert">
            {t(notice)}
          </p>
        )}
        {field('name', { maxLength: 120, required: true })}
        {field('slug', { maxLength: 80, dir: 'ltr' }, t('operator.location.slugHint'))}
        <div className="checkout-pair">
          <FormField id="location-kind" label={t('operator.location.kind')} error={undefined}>
            {(props) => (
              <select {...props} name="kind" defaultValue={values.kind}>
                <option value="city">{t('operator.location.kind.city')}</option>
                <option value="area">{t('operator.location.kind.area')}</option>
              </select>
            )}
          </FormField>
          <FormField id="location-countryCode" label={t('operator.location.country')} error={undefined}>
            {(props) => (
              <select {...props} name="countryCode" defaultValue={values.countryCode}>
                {loaderData.countries.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField id="location-parentId" label={t('operator.location.parent')} error={errors.parentId}>
          {(props) => (
            <select {...props} name="parentId" defaultValue={values.parentId}>
              <option value="">{t('operator.location.noParent')}</option>
              {loaderData.cities.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name} ({city.countryCode})
                </option>
              ))}
            </select>
          )}
        </FormField>
        {field('timezone', { maxLength: 60, dir: 'ltr' }, t('operator.location.timezoneHint'))}
        <div className="checkout-pair">
          {field('latitude', { inputMode: 'decimal', dir: 'ltr', required: true })}
          {field('longitude', { inputMode: 'decimal', dir: 'ltr', required: true })}
        </div>
        <label className="choice">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive} /> {t('operator.location.active')}
        </label>
        <p className="order-actions">
          <button type="submit" name="intent" value="save">
            {t('operator.location.save')}
          </button>
        </p>
      </Form>
      {loaderData.id && (
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value="delete" className="button-quiet">
            {t('operator.location.delete')}
          </button>
        </Form>
      )}
    </section>
  );
}
