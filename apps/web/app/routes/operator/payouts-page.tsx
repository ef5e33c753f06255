import { Form, useLocation } from 'react-router';
import { MarketSelect } from '#app/features/operator/scope-selects.tsx';
import { errorOf, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/payouts-page';
import {
  loadPayouts,
  newPayoutKey,
  type PayoutDetails,
  type PayoutValues,
  recordPayoutsAction,
} from './payouts.server.ts';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { market, period, asked, invalid, lines } = await loadPayouts(url, request, context);
  const tag = formattingTag(locale.iso, market);
  const day = dateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const unpaid = lines.filter((line) => !line.paid);
  const currency = lines[0]?.amount.currency;
  const query = new URLSearchParams({ countryCode: market, ...period });
  return {
    market,
    period,
    asked,
    invalid,
    end: day.format(new Date(`${period.to}T00:00:00Z`)),
    lines: lines.map((line) => ({
      id: line.shop.id,
      name: line.shop.name,
      minor: line.amount.amount,
      amount: formatMoney(line.amount.amount, line.amount.currency, tag),
      paid: line.paid,
    })),
    total:
      currency && unpaid.length > 0
        ? formatMoney(
            unpaid.reduce((sum, line) => sum + line.amount.amount, 0),
            currency,
            tag,
          )
        : null,
    // Made with each drawing of the page: the same form sent twice records one batch.
    idempotencyKey: newPayoutKey(),
    csv: `${localizePath('/operator/payouts.csv', locale.code)}?${query}`,
    title: `${t('operator.payouts.title')} | ${t('site.name')}`,
  };
}

export function action({ url, request, context }: Route.ActionArgs) {
  return recordPayoutsAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * A market's payouts (docs/decisions/0033): what each shop is owed at the end of a period, as a
 * bulk payment file, and the form that records the batch as paid once it is sent.
 */
export default function PayoutsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { market, period, asked, lines } = loaderData;
  const outcome = actionData as FormOutcome<PayoutValues, 'pay', true, PayoutDetails> | undefined;
  const ticked = new Set(keptValues(outcome, { pay: lines.map((line) => line.id) }).pay);
  const refusal = outcome?.status === 'refused' ? outcome : undefined;
  const stale = errorOf(outcome, 'form');
  const noneTicked = errorOf(outcome, 'pay');
  return (
    <section className="commerce-page operator-page" aria-labelledby="payouts-title">
      <h1 id="payouts-title">{t('operator.payouts.title')}</h1>
      <Form method="get" action={pathname} className="operator-filter">
        <MarketSelect label={t('operator.filter.market')} defaultValue={market} />
        <label>
          {t('operator.period.from')} <input type="date" name="from" defaultValue={asked.from} />
        </label>
        <label>
          {t('operator.period.to')} <input type="date" name="to" defaultValue={asked.to} />
        </label>
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      {loaderData.invalid && (
        <p className="notice notice-error" role="alert">
          {t('operator.period.error')}
        </p>
      )}
      <p className="card-meta">{t('operator.payouts.hint', { date: loaderData.end })}</p>
      {(refusal || stale) && (
        <p className="notice notice-error" role="alert">
          {refusal ? t(refusal.reason, { shop: refusal.details?.shop ?? '' }) : stale ? t(stale) : null}
        </p>
      )}
      {lines.length === 0 ? (
        <p>{t('operator.payouts.none')}</p>
      ) : (
        <Form method="post" action={`${pathname}?${new URLSearchParams({ countryCode: market, ...period })}`}>
          <CsrfField />
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <input type="hidden" name="countryCode" value={market} />
          <input type="hidden" name="from" value={period.from} />
          <input type="hidden" name="to" value={period.to} />
          {noneTicked && (
            <p className="field-error" role="alert">
              {t(noneTicked)}
            </p>
          )}
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('operator.payouts.shop')}</th>
                <th scope="col">{t('operator.payouts.amount')}</th>
                <th scope="col">{t('operator.payouts.pay')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row">
                    <bdi>{line.name}</bdi>
                  </th>
                  <td>
                    <LtrText>{line.amount}</LtrText>
                  </td>
                  <td>
                    {line.paid ? (
                      t('operator.payouts.paid')
                    ) : (
                      <>
                        <input type="hidden" name={`amount-${line.id}`} value={line.minor} />
                        <input type="hidden" name={`name-${line.id}`} value={line.name} />
                        <input
                          type="checkbox"
                          name="pay"
                          value={line.id}
                          defaultChecked={ticked.has(line.id)}
                          aria-label={t('operator.payouts.payShop', { shop: line.name })}
                        />
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            {loaderData.total && (
              <tfoot>
                <tr>
                  <th scope="row">{t('operator.payouts.total')}</th>
                  <td>
                    <LtrText>{loaderData.total}</LtrText>
                  </td>
                  <td />
                </tr>
              </tfoot>
            )}
          </table>
          {loaderData.total && (
            <>
              <p>
                <a href={loaderData.csv} download>
                  {t('operator.payouts.csv')}
                </a>
              </p>
              <p className="card-meta">{t('operator.payouts.recordHint')}</p>
              <button type="submit">{t('operator.payouts.record')}</button>
            </>
          )}
        </Form>
      )}
    </section>
  );
}
