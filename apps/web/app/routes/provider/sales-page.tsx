import { Form, useLocation } from 'react-router';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat, numberFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import type { Route } from './+types/sales-page';
import { loadSales } from './sales.server.ts';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop, sales, asked, invalid } = await loadSales(url, request, context);
  const tag = formattingTag(locale.iso, shop.countryCode);
  const money = (amount: number) => formatMoney(amount, sales.totals.revenue.currency, tag);
  const day = dateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const number = numberFormat(tag, { maximumFractionDigits: 3 });
  return {
    shop,
    asked,
    invalid,
    periods: sales.periods.map((period) => ({
      start: period.start,
      label: day.format(new Date(`${period.start}T00:00:00Z`)),
      orders: period.orders,
      revenue: money(period.revenue.amount),
    })),
    totals: { orders: sales.totals.orders, revenue: money(sales.totals.revenue.amount) },
    topItems: sales.topItems.map((item) => ({
      name: item.name,
      quantity: number.format(item.quantity),
      revenue: money(item.revenue.amount),
    })),
    csv: `${localizePath('/provider/sales.csv', locale.code)}?${new URLSearchParams({ shop: shop.id, from: sales.from, to: sales.to, by: sales.by })}`,
    title: `${t('provider.sales.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The sales summary: per day or week, with the top items, and as CSV (docs/product/providers.md). */
export default function SalesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { shop, asked, periods, totals, topItems } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="sales-title">
      <h1 id="sales-title">{t('provider.sales.title', { shop: shop.name })}</h1>
      <Form method="get" action={pathname} className="operator-filter">
        <input type="hidden" name="shop" value={shop.id} />
        <label>
          {t('provider.sales.from')} <input type="date" name="from" defaultValue={asked.from} />
        </label>
        <label>
          {t('provider.sales.to')} <input type="date" name="to" defaultValue={asked.to} />
        </label>
        <label>
          {t('provider.sales.by')}{' '}
          <select name="by" defaultValue={asked.by}>
            <option value="day">{t('provider.sales.byDay')}</option>
            <option value="week">{t('provider.sales.byWeek')}</option>
          </select>
        </label>
        <button type="submit" className="button-quiet">
          {t('provider.sales.show')}
        </button>
      </Form>
      {loaderData.invalid && (
        <p className="notice notice-error" role="alert">
          {t('provider.error.range')}
        </p>
      )}
      <p className="card-meta">{t('provider.sales.note')}</p>
      {periods.length === 0 ? (
        <p>{t('provider.sales.none')}</p>
      ) : (
        <table className="sales-table">
          <thead>
            <tr>
              <th scope="col">{t('provider.sales.period')}</th>
              <th scope="col">{t('provider.sales.orders')}</th>
              <th scope="col">{t('provider.sales.revenue')}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.start}>
                <th scope="row">{period.label}</th>
                <td>{period.orders}</td>
                <td>
                  <bdi>{period.revenue}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('provider.sales.total')}</th>
              <td>{totals.orders}</td>
              <td>
                <bdi>{totals.revenue}</bdi>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      <p>
        <a href={loaderData.csv} download>
          {t('provider.sales.csv')}
        </a>
      </p>
      {topItems.length > 0 && (
        <>
          <h2>{t('provider.sales.top')}</h2>
          <table className="sales-table">
            <thead>
              <tr>
                <th scope="col">{t('provider.sales.item')}</th>
                <th scope="col">{t('provider.sales.quantity')}</th>
                <th scope="col">{t('provider.sales.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {topItems.map((item) => (
                <tr key={item.name}>
                  <th scope="row">
                    <bdi>{item.name}</bdi>
                  </th>
                  <td>{item.quantity}</td>
                  <td>
                    <bdi>{item.revenue}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
