import { majorOf } from '#app/platform/money/minor-units.ts';
import type { Route } from './+types/sales-csv';
import { loadSales } from './sales.server.ts';

/**
 * `/provider/sales.csv?shop=&from=&to=&by=`: the sales page's figures as a spreadsheet opens
 * them: one row per day or week, then the total; amounts in the currency's major units.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { shop, sales } = await loadSales(url, request, context);
  const currency = sales.totals.revenue.currency;
  const lines = [
    ['period_start', 'orders', 'revenue', 'currency'],
    ...sales.periods.map((period) => [
      period.start,
      String(period.orders),
      majorOf(period.revenue.amount, currency),
      currency,
    ]),
    ['total', String(sales.totals.orders), majorOf(sales.totals.revenue.amount, currency), currency],
  ];
  const body = `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="sales-${shop.slug}-${sales.from}-${sales.to}-${sales.by}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
