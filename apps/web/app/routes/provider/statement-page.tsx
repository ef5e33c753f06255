import { Form, useLocation } from 'react-router';
import { signedMoney } from '#app/features/ledger/signed-money.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/statement-page';
import { loadStatement, statementRows } from './statement.server.ts';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop, statement, asked, invalid } = await loadStatement(url, request, context);
  const tag = formattingTag(locale.iso, shop.countryCode);
  const money = (amount: number) => signedMoney(amount, statement.closingOwed.currency, tag);
  const day = dateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayOf = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  return {
    shop,
    asked,
    invalid,
    period: t('provider.statement.period', { from: dayOf(statement.from), to: dayOf(statement.to) }),
    opening: money(statement.openingOwed.amount),
    rows: statementRows(statement).map((row) => ({ key: row.key, amount: money(row.amount) })),
    closing: money(statement.closingOwed.amount),
    // Negative: the shop kept more cash than it was owed, and owes Malewa the difference.
    shopOwes: statement.closingOwed.amount < 0 ? money(-statement.closingOwed.amount) : null,
    byMalewa: statement.discountsByMalewa.amount > 0 ? money(statement.discountsByMalewa.amount) : null,
    csv: `${localizePath('/provider/statement.csv', locale.code)}?${new URLSearchParams({ shop: shop.id, from: statement.from, to: statement.to })}`,
    title: `${t('provider.statement.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * A shop's statement for a period (docs/decisions/0033): what Malewa owed it at the start, what
 * each kind of money added or took away, what it owes at the end; and as CSV.
 */
export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { shop, asked, rows } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="statement-title">
      <h1 id="statement-title">{t('provider.statement.title', { shop: shop.name })}</h1>
      <Form method="get" action={pathname} className="operator-filter">
        <input type="hidden" name="shop" value={shop.id} />
        <label>
          {t('provider.sales.from')} <input type="date" name="from" defaultValue={asked.from} />
        </label>
        <label>
          {t('provider.sales.to')} <input type="date" name="to" defaultValue={asked.to} />
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
      <p className="card-meta">{t('provider.statement.note')}</p>
      <table className="sales-table">
        <caption className="card-meta">{loaderData.period}</caption>
        <thead>
          <tr>
            <th scope="col">{t('provider.statement.line')}</th>
            <th scope="col">{t('provider.statement.amount')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('provider.statement.openingOwed')}</th>
            <td>
              <LtrText>{loaderData.opening}</LtrText>
            </td>
          </tr>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{t(`provider.statement.${row.key}`)}</th>
              <td>
                <LtrText>{row.amount}</LtrText>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('provider.statement.closingOwed')}</th>
            <td>
              <LtrText>{loaderData.closing}</LtrText>
            </td>
          </tr>
        </tfoot>
      </table>
      {loaderData.shopOwes && (
        <p className="notice notice-warning">{t('provider.statement.shopOwes', { amount: loaderData.shopOwes })}</p>
      )}
      {loaderData.byMalewa && <p>{t('provider.statement.discountsByMalewa', { amount: loaderData.byMalewa })}</p>}
      <p>
        <a href={loaderData.csv} download>
          {t('provider.sales.csv')}
        </a>
      </p>
    </section>
  );
}
