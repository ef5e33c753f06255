import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { CountryCode } from '@malewa/contracts/markets';
import { Form, useLocation } from 'react-router';
import { momentOf } from '#app/features/operator/operator-format.ts';
import { MarketSelect, ServiceSelect } from '#app/features/operator/scope-selects.tsx';
import { errorsOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { numberFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/commission-page';
import { addRateAction, loadCommission, type RateField, type RateOutcome } from './commission.server.ts';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { market, rates, states, values } = await loadCommission(url, request, context);
  const percent = numberFormat(formattingTag(locale.iso, market), { style: 'percent', maximumFractionDigits: 2 });
  return {
    market,
    rates: rates.map((rate) => ({
      id: rate.id,
      service: rate.service,
      shop: rate.shop?.name ?? null,
      rate: percent.format(rate.rateBp / 10_000),
      from: momentOf(rate.validFrom, locale.iso, market),
      state: states.get(rate.id) ?? 'replaced',
    })),
    values,
    title: `${t('operator.commission.title')} | ${t('site.name')}`,
  };
}

export function action({ url, request, context }: Route.ActionArgs) {
  return addRateAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * Malewa's commission (docs/decisions/0033): a market's rates per service and per shop, newest
 * first, and a new one from a date. Rates are only added; a placed order keeps its own.
 */
export default function CommissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { market, rates } = loaderData;
  const outcome = actionData as RateOutcome | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = errorsOf<RateField>(outcome);
  const zone = MARKET_TIME_ZONES[(values.countryCode || market) as CountryCode] ?? MARKET_TIME_ZONES[market];
  return (
    <section className="commerce-page operator-page" aria-labelledby="commission-title">
      <h1 id="commission-title">{t('operator.commission.title')}</h1>
      <Form method="get" action={pathname} className="operator-filter">
        <MarketSelect label={t('operator.filter.market')} defaultValue={market} />
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      <p className="card-meta">{t('operator.commission.hint')}</p>
      {rates.length === 0 ? (
        <p>{t('operator.commission.none')}</p>
      ) : (
        <table className="sales-table">
          <thead>
            <tr>
              <th scope="col">{t('operator.commission.for')}</th>
              <th scope="col">{t('operator.commission.rate')}</th>
              <th scope="col">{t('operator.commission.from')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.id}>
                <th scope="row">
                  {t(`service.${rate.service}.name`)}
                  <br />
                  <span className="card-meta">
                    {rate.shop ? <bdi>{rate.shop}</bdi> : t('operator.commission.allShops')}
                  </span>
                </th>
                <td>
                  <bdi>{rate.rate}</bdi>
                </td>
                <td>
                  {rate.from}
                  <br />
                  <span className="card-meta">{t(`operator.commission.state.${rate.state}`)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="checkout-section" aria-labelledby="new-rate-title">
        <h2 id="new-rate-title">{t('operator.commission.new')}</h2>
        <Form method="post" className="checkout-form" noValidate>
          <CsrfField />
          {errors.form && (
            <p className="notice notice-error" role="alert">
              {t(errors.form)}
            </p>
          )}
          <div className="checkout-pair">
            <MarketSelect
              className="form-field"
              label={t('operator.filter.market')}
              defaultValue={values.countryCode}
            />
            <ServiceSelect className="form-field" label={t('operator.filter.service')} defaultValue={values.service} />
          </div>
          <FormField
            id="rate-shop"
            label={t('operator.commission.shopId')}
            hint={t('operator.commission.shopIdHint')}
            error={errors.shopId}
          >
            {(props) => <input {...props} name="shopId" defaultValue={values.shopId} dir="ltr" autoComplete="off" />}
          </FormField>
          <div className="checkout-pair">
            <FormField
              id="rate-rate"
              label={t('operator.commission.ratePercent')}
              hint={t('operator.commission.rateHint')}
              error={errors.rate}
            >
              {(props) => (
                <input {...props} name="rate" defaultValue={values.rate} inputMode="decimal" dir="ltr" required />
              )}
            </FormField>
            <FormField
              id="rate-from"
              label={t('operator.commission.validFrom')}
              hint={t('operator.commission.validFromHint', { zone })}
              error={errors.validFrom}
            >
              {(props) => (
                <input {...props} type="datetime-local" name="validFrom" defaultValue={values.validFrom} required />
              )}
            </FormField>
          </div>
          <button type="submit">{t('operator.commission.add')}</button>
        </Form>
      </section>
    </section>
  );
}
