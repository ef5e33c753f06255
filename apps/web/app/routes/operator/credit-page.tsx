import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { Form } from 'react-router';
import { errorsOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { regionNamesFor } from '#app/platform/i18n/region-names.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/credit-page';
import { type CreditField, type CreditOutcome, FRESH_CREDIT, grantCreditAction } from './credit.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  const { code } = localeOfPath(url.pathname);
  const t = translatorFor(code);
  const nameOf = regionNamesFor(code);
  return {
    values: FRESH_CREDIT,
    // Named with their currency: the amount is read in it.
    markets: COUNTRY_CODES.map((market) => ({ code: market, name: `${nameOf(market)} (${MARKET_CURRENCY[market]})` })),
    title: `${t('operator.credit.title')} | ${t('site.name')}`,
  };
}

export function action({ url, request, context }: Route.ActionArgs) {
  return grantCreditAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** Goodwill credit for a shopper's account, with the reason they read beside it (audited by the API). */
export default function CreditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const outcome = actionData as CreditOutcome | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = errorsOf<CreditField>(outcome);
  return (
    <section className="commerce-page operator-page" aria-labelledby="credit-title">
      <h1 id="credit-title">{t('operator.credit.title')}</h1>
      <p className="card-meta">{t('operator.credit.hint')}</p>
      <section className="checkout-section" aria-label={t('operator.credit.title')}>
        <Form method="post" className="checkout-form" noValidate>
          <CsrfField />
          {(errors.form || outcome?.status === 'failed') && (
            <p className="notice notice-error" role="alert">
              {t(errors.form ?? 'operator.credit.error.form')}
            </p>
          )}
          <FormField
            id="credit-account"
            label={t('operator.credit.account')}
            hint={t('operator.credit.accountHint')}
            error={errors.accountId}
          >
            {(props) => (
              <input
                {...props}
                name="accountId"
                defaultValue={values.accountId}
                dir="ltr"
                autoComplete="off"
                required
              />
            )}
          </FormField>
          <div className="checkout-pair">
            <FormField id="credit-market" label={t('operator.credit.market')} error={errors.countryCode}>
              {(props) => (
                <select {...props} name="countryCode" defaultValue={values.countryCode} required>
                  <option value="">{t('operator.credit.chooseMarket')}</option>
                  {loaderData.markets.map((market) => (
                    <option key={market.code} value={market.code}>
                      {market.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id="credit-amount"
              label={t('operator.credit.amount')}
              hint={t('operator.credit.amountHint')}
              error={errors.amount}
            >
              {(props) => (
                <input {...props} name="amount" defaultValue={values.amount} inputMode="decimal" dir="ltr" required />
              )}
            </FormField>
          </div>
          <FormField
            id="credit-reason"
            label={t('operator.credit.reason')}
            hint={t('operator.credit.reasonHint')}
            error={errors.reason}
          >
            {(props) => (
              <textarea
                {...props}
                name="reason"
                rows={3}
                minLength={10}
                maxLength={500}
                required
                defaultValue={values.reason}
              />
            )}
          </FormField>
          <button type="submit">{t('operator.credit.submit')}</button>
        </Form>
      </section>
    </section>
  );
}
