import type { CountryCode } from '@malewa/contracts/markets';
import { type SalesSummary, ZSalesSummaryQuerySchema } from '@malewa/contracts/provider/sales-summary';
import { marketDay } from '@malewa/contracts/zoned-time';
import type { RouterContextProvider } from 'react-router';
import { getSales } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

const DAY_MS = 86_400_000;

/**
 * The range a sales page or its CSV asks for (`?from=&to=&by=`), the last four weeks by
 * default; a range that is not one is shown as typed with an error, the default's figures below.
 */
export function salesQueryOf(url: URL, market: CountryCode, now = new Date()) {
  const fallback = {
    // On the shop's market's calendar, as the API counts sales.
    from: marketDay(market, new Date(now.getTime() - 27 * DAY_MS)),
    to: marketDay(market, now),
    by: 'day' as const,
  };
  const asked = {
    from: url.searchParams.get('from') || fallback.from,
    to: url.searchParams.get('to') || fallback.to,
    by: url.searchParams.get('by') || 'day',
  };
  const parsed = ZSalesSummaryQuerySchema.safeParse(asked);
  return parsed.success ? { query: parsed.data, asked, invalid: false } : { query: fallback, asked, invalid: true };
}

/** The shop's sales for the asked range, through the API. */
export async function loadSales(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const { query, asked, invalid } = salesQueryOf(url, shop.countryCode);
  const sales: SalesSummary = await signedInCall(url, () => getSales(context, request, shop.id, query));
  return { shop, sales, asked, invalid };
}
