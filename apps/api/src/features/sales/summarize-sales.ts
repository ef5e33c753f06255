import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { SalesSummary, SalesSummaryQuery } from '@malewa/contracts/provider/sales-summary';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { SalesRepository } from './sales-repository.ts';

/** A shop's sales per day or week and its top items, for the people who run it (anyone else: 404). */
export async function summarizeSales(
  deps: { sales: SalesRepository },
  principal: Principal,
  shopId: string,
  query: SalesSummaryQuery,
): Promise<SalesSummary> {
  const shop = await deps.sales.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  const currency: CurrencyCode = MARKET_CURRENCY[shop.countryCode as CountryCode];
  const money = (amount: number) => ({ amount, currency });
  const [periods, topItems] = await Promise.all([
    deps.sales.periods(shop, query.from, query.to, query.by),
    deps.sales.topItems(shop, query.from, query.to),
  ]);
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    periods: periods.map((period) => ({ start: period.start, orders: period.orders, revenue: money(period.revenue) })),
    totals: {
      orders: periods.reduce((sum, period) => sum + period.orders, 0),
      revenue: money(periods.reduce((sum, period) => sum + period.revenue, 0)),
    },
    topItems: topItems.map((item) => ({ name: item.name, quantity: item.quantity, revenue: money(item.revenue) })),
  };
}
