import { type CountryCode, ZCountryCodeSchema } from '@malewa/contracts/markets';
import { readCookie, serverPreferenceCookie } from '../http/cookies.server.ts';

/**
 * The market (country) a shopper chose in the footer: 365 days like the language, SameSite=Lax,
 * path /. httpOnly: only the server reads it, to send it to the API as X-STORE-ID, and page
 * scripts have no business with it. The value is the bare country code, validated on every read.
 */
export const MARKET_COOKIE = 'malewa_market';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function marketCookie(country: CountryCode, request: Request): string {
  return serverPreferenceCookie(request, MARKET_COOKIE, country, MAX_AGE_SECONDS);
}

/** The chosen market, or nothing when there is no cookie or it names no market of ours. */
export function marketFromCookie(request: Request): CountryCode | undefined {
  const parsed = ZCountryCodeSchema.safeParse(readCookie(request, MARKET_COOKIE));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The market a request is served in: the shopper's choice, else the deployment's STORE_ID when
 * that names one of the six markets, else none (the footer then marks no country).
 */
export function currentMarket(request: Request, storeId: string): CountryCode | undefined {
  const configured = ZCountryCodeSchema.safeParse(storeId);
  return marketFromCookie(request) ?? (configured.success ? configured.data : undefined);
}

/**
 * What the API hears as X-STORE-ID (docs/product/pages.md, calls to the API): the chosen
 * market, else the configured STORE_ID.
 */
export function storeIdFor(request: Request, storeId: string): string {
  return marketFromCookie(request) ?? storeId;
}
