import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { CURRENCY_MARKET, type CurrencyCode } from '@malewa/contracts/currencies';
import { PROBLEM_REASONS } from '@malewa/contracts/orders/problem-vocabulary';
import { Form } from 'react-router';
import {
  quantityField,
  type ReportField,
  type ReportOutcome,
  type ReportValues,
  reasonField,
} from '#app/features/problems/report-fields.ts';
import { loadReportPage, submitReport } from '#app/features/problems/report-form.server.ts';
import { errorOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import ordersStyles from '#app/styles/orders.css?url';
import { FormField } from '#app/ui/form-field.tsx';
import { Localized } from '#app/ui/localized.tsx';
import type { Route } from './+types/account-order-problem';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: ordersStyles },
];

export async function loader({ url, request, context, params }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { problems } = await loadReportPage(url, request, context, params.orderId);
  const currency = (problems.lines[0]?.total.currency ?? 'ZAR') as CurrencyCode;
  const market = CURRENCY_MARKET[currency];
  const when = dateTimeFormat(formattingTag(locale.iso, market), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: MARKET_TIME_ZONES[market],
  });
  return {
    problems,
    until: problems.reportableUntil ? when.format(new Date(problems.reportableUntil)) : null,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.problem.title')} | ${t('site.name')}`,
  };
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return submitReport(url, request, context, params.orderId);
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function ReportProblemPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <ReportBody {...props} />
    </I18nScope>
  );
}

const EMPTY: ReportValues = { note: '', quantities: {}, reasons: {} };

/**
 * A delivered order's report (docs/product/checkout.md, problems after delivery): each line's
 * quantity and what was wrong, a note and a photo, as a plain multipart form; its mistakes come
 * back beside their lines with what was typed.
 */
function ReportBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const { problems, until } = loaderData;
  const outcome = actionData as ReportOutcome | undefined;
  const values = keptValues(outcome, EMPTY);
  const linesError = errorOf<ReportField>(outcome, 'lines');
  const orderPath = localizePath(`/account/orders/${problems.orderId}`, locale.code);
  return (
    <div className="account-page commerce-page problem-page">
      <h1>{t('commerce.problem.title')}</h1>
      <p>
        <AppLink to={orderPath}>{t('commerce.problem.back')}</AppLink>
      </p>
      {outcome?.status === 'refused' && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason)}
        </p>
      )}
      {outcome?.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {t('commerce.error.failed')}
        </p>
      )}
      {problems.problems.length > 0 && (
        <section className="order-card" aria-labelledby="problems-earlier">
          <h2 id="problems-earlier">{t('commerce.problem.earlier')}</h2>
          <ul className="problem-list">
            {problems.problems.map((problem) => (
              <li key={problem.id}>
                <strong>{t(`commerce.problem.status.${problem.status}`)}</strong>
                {problem.refund.amount > 0 && problem.refundTo && (
                  <> · {t(`commerce.problem.refund.${problem.refundTo}`, { amount: money(problem.refund) })}</>
                )}
                <ul>
                  {problem.lines.map((line) => (
                    <li key={line.orderLineId}>
                      <Localized text={line.name} /> × {line.quantity} · {t(`commerce.problem.reason.${line.reason}`)}
                    </li>
                  ))}
                </ul>
                {problem.resolution && (
                  <p>
                    <bdi>{problem.resolution}</bdi>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!problems.reportable ? (
        <p className="notice">
          {t(
            problems.status === 'delivered' ? 'commerce.problem.error.tooLate' : 'commerce.problem.error.notDelivered',
          )}
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="checkout-form problem-form" noValidate>
          <CsrfField />
          <p>{t('commerce.problem.intro')}</p>
          {until && <p className="card-meta">{t('commerce.problem.until', { until })}</p>}
          <fieldset
            className={linesError ? 'has-error' : undefined}
            aria-describedby={linesError ? 'problem-lines-error' : undefined}
          >
            <legend>{t('commerce.problem.lines')}</legend>
            {linesError && (
              <p id="problem-lines-error" className="field-error">
                {t(linesError)}
              </p>
            )}
            {problems.lines.map((line) => {
              const error = errorOf<ReportField>(outcome, `line:${line.id}`);
              const id = `problem-line-${line.id}`;
              return (
                <div key={line.id} className={`problem-line${error ? ' has-error' : ''}`}>
                  <p className="problem-line-name">
                    <Localized text={line.name} />{' '}
                    <span className="card-meta">
                      {t('commerce.problem.bought', { quantity: line.quantity })} · {money(line.total)}
                    </span>
                  </p>
                  {error && (
                    <p id={`${id}-error`} className="field-error">
                      {t(error)}
                    </p>
                  )}
                  <div className="problem-line-fields">
                    <label htmlFor={`${id}-quantity`}>
                      {t('commerce.problem.quantity')}
                      <input
                        id={`${id}-quantity`}
                        name={quantityField(line.id)}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={line.quantity}
                        step="any"
                        defaultValue={values.quantities[line.id] ?? ''}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                    </label>
                    <label htmlFor={`${id}-reason`}>
                      {t('commerce.problem.reason')}
                      <select
                        id={`${id}-reason`}
                        name={reasonField(line.id)}
                        defaultValue={values.reasons[line.id] || 'missing'}
                      >
                        {PROBLEM_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {t(`commerce.problem.reason.${reason}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                </div>
              );
            })}
          </fieldset>
          <FormField id="problem-note" label={t('commerce.problem.note')} error={errorOf<ReportField>(outcome, 'note')}>
            {(props) => <textarea {...props} name="note" rows={3} maxLength={1000} defaultValue={values.note} />}
          </FormField>
          <FormField
            id="problem-photo"
            label={t('commerce.problem.photo')}
            hint={t('commerce.problem.photoHint')}
            error={errorOf<ReportField>(outcome, 'photo')}
          >
            {(props) => <input {...props} type="file" name="photo" accept="image/jpeg,image/png,image/webp" />}
          </FormField>
          <p>
            <button type="submit">{t('commerce.problem.submit')}</button>
          </p>
        </Form>
      )}
    </div>
  );
}
