import type { CountryCode } from '@malewa/contracts/country-codes';
import { useRouteLoaderData } from 'react-router';

/** The locale layout's route id (routes.ts), fixed so moving its module does not change it. */
export const LOCALE_LAYOUT_ROUTE_ID = 'locale-layout';

/** What the locale layout's loader gives every page below it. */
export interface LocaleLayoutData {
  market: CountryCode | null;
}

/** The market the shopper is in (footer choice, else the configured store), if known. */
export function useCurrentMarket(): CountryCode | null | undefined {
  return useRouteLoaderData<LocaleLayoutData>(LOCALE_LAYOUT_ROUTE_ID)?.market;
}
