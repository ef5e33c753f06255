import { Form } from 'react-router';
import { errorsOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { WeekHoursFields } from '#app/ui/week-hours-fields.tsx';
import type { Route } from './+types/settings-page';
import { loadSettings, type SettingsField, type SettingsOutcome, saveSettings } from './settings-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadSettings(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return saveSettings(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The shop's settings: opening hours and closed days, delivery, minimum order, preparation time,
 * a pause, and its VAT registration (the number and registered name its tax invoices print).
 */
export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, currency } = loaderData;
  const outcome = actionData as SettingsOutcome | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = errorsOf<SettingsField>(outcome);
  // Refused, on its fields or as a whole: the form says to look again.
  const refused = outcome?.status === 'invalid' || outcome?.status === 'failed';
  const number = (
    name:
      | 'deliveryRadiusKm'
      | 'deliveryFeeBase'
      | 'deliveryFeePerKm'
      | 'freeDeliveryAbove'
      | 'minimumOrder'
      | 'prepMinutes',
    label: string,
    hint?: string,
  ) => (
    <FormField id={`settings-${name}`} label={label} hint={hint} error={errors[name]}>
      {(props) => <input {...props} name={name} defaultValue={values[name]} inputMode="decimal" dir="ltr" />}
    </FormField>
  );
  return (
    <section className="commerce-page operator-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('provider.settings.title', { shop: shop.name })}</h1>
      {loaderData.values.paused && <p className="notice notice-warning">{t('provider.settings.pausedNow')}</p>}
      <Form method="post" className="checkout-form settings-form" noValidate>
        <CsrfField />
        {refused && (
          <p className="notice notice-error" role="alert">
            {t('provider.error.form')}
          </p>
        )}
        <label className="choice">
          <input type="checkbox" name="paused" defaultChecked={values.paused} /> {t('provider.settings.paused')}
        </label>
        <WeekHoursFields
          days={loaderData.days}
          values={values.hours}
          legend={t('provider.settings.hours')}
          hint={t('provider.settings.hoursHint')}
          error={errors.hours}
          opens={t('provider.settings.opens')}
          closes={t('provider.settings.closes')}
        />
        <ClosedDaysFields
          kept={values.closedDates}
          adding={values.newClosedDate}
          today={loaderData.today}
          dateTag={loaderData.dateTag}
          error={errors.closedDates}
        />
        <h2>{t('provider.settings.delivery')}</h2>
        <div className="checkout-pair">
          {number('deliveryRadiusKm', t('provider.settings.radius'))}
          {number('prepMinutes', t('provider.settings.prepMinutes'))}
        </div>
        <div className="checkout-pair">
          {number('deliveryFeeBase', t('provider.settings.feeBase', { currency }))}
          {number('deliveryFeePerKm', t('provider.settings.feePerKm', { currency }))}
        </div>
        <div className="checkout-pair">
          {number('minimumOrder', t('provider.settings.minimumOrder', { currency }))}
          {number(
            'freeDeliveryAbove',
            t('provider.settings.freeAbove', { currency }),
            t('provider.settings.freeAboveHint'),
          )}
        </div>
        <fieldset aria-describedby="settings-vat-hint">
          <legend>{t('provider.settings.vat')}</legend>
          <p id="settings-vat-hint" className="field-hint">
            {t('provider.settings.vatHint')}
          </p>
          <div className="checkout-pair">
            <FormField
              id="settings-vatNumber"
              label={t('provider.settings.vatNumber')}
              hint={t('provider.settings.vatNumberExample', { example: loaderData.vatExample })}
              error={errors.vatNumber}
            >
              {(props) => (
                <input
                  {...props}
                  name="vatNumber"
                  defaultValue={values.vatNumber}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={32}
                  dir="ltr"
                />
              )}
            </FormField>
            <FormField
              id="settings-legalName"
              label={t('provider.settings.legalName')}
              hint={t('provider.settings.legalNameHint')}
              error={errors.legalName}
            >
              {(props) => (
                <input
                  {...props}
                  name="legalName"
                  defaultValue={values.legalName}
                  autoComplete="organization"
                  maxLength={160}
                />
              )}
            </FormField>
          </div>
        </fieldset>
        <p className="order-actions">
          <button type="submit">{t('provider.settings.save')}</button>
        </p>
      </Form>
    </section>
  );
}

/**
 * Whole days the shop closes whatever its hours say: the ones set, each a ticked box (untick
 * to open again), and a date field to add one. Dates are the shop's calendar days, shown in
 * words (UTC noon of the day, so no clock moves them to the day before).
 */
function ClosedDaysFields({
  kept,
  adding,
  today,
  dateTag,
  error,
}: {
  kept: readonly string[];
  adding: string;
  today: string;
  dateTag: string;
  error: MessageKey | undefined;
}) {
  const { t } = useI18n();
  const words = dateTimeFormat(dateTag, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <fieldset className="closed-days" aria-describedby="closed-days-hint">
      <legend>{t('provider.settings.closedDays')}</legend>
      <p id="closed-days-hint" className="field-hint">
        {t('provider.settings.closedDaysHint')}
      </p>
      {kept.length > 0 && (
        <ul className="closed-days-list">
          {kept.map((date) => (
            <li key={date}>
              <label className="choice">
                <input type="checkbox" name="closedDates" value={date} defaultChecked />{' '}
                {words.format(new Date(`${date}T12:00:00Z`))}
              </label>
            </li>
          ))}
        </ul>
      )}
      <FormField id="settings-closedDates" label={t('provider.settings.addClosedDay')} error={error}>
        {(props) => (
          // Keyed by the days kept: once a day is added, the field starts empty again.
          <input
            {...props}
            key={kept.join()}
            type="date"
            name="newClosedDate"
            min={today}
            defaultValue={adding}
            dir="ltr"
          />
        )}
      </FormField>
    </fieldset>
  );
}
