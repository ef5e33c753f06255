import { listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import type { CountryCode } from '@malewa/contracts/markets';
import type { MiddlewareFunction, RouterContextProvider } from 'react-router';
import { configContext, placeContext, requestIdContext } from '#app/context.ts';
import { createApiClient } from '../api-client/api-client.server.ts';
import { readCookie, serverPreferenceCookie } from '../http/cookies.server.ts';
import { currentMarket } from '../markets/market-cookie.server.ts';
import type { Place } from './place.ts';

/**
 * The places a shopper can be in (the API's active cities), kept a few minutes in memory:
 * every page's header names the shopper's place, and the list changes only when an operator
 * edits it.
 */
const TTL_MS = 5 * 60_000;
let cached: { at: number; places: Place[] } | undefined;

export async function loadPlaces(context: Readonly<RouterContextProvider>): Promise<Place[]> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.places;
  const config = context.get(configContext);
  const api = createApiClient({
    baseApiUrl: config.baseApiUrl,
    authApiUrl: config.authApiUrl,
    timeoutMs: config.apiTimeoutMs,
    storeId: config.storeId,
    storeLocation: '',
    requestId: context.get(requestIdContext) || undefined,
  });
  const { data } = await api.call(listLocationsEndpoint, { query: { perPage: 100, sortBy: 'name' } });
  const places = data
    .filter((location) => location.isActive && location.kind === 'city')
    .map((location) => ({
      id: location.id,
      slug: location.slug,
      name: location.name,
      countryCode: location.countryCode,
      latitude: location.latitude,
      longitude: location.longitude,
    }));
  cached = { at: Date.now(), places };
  return places;
}

/** The city each market opens on: its largest, where most of its shops are. */
const MAIN_CITY: Record<CountryCode, string> = {
  ZA: 'johannesburg',
  KE: 'nairobi',
  RW: 'kigali',
  BW: 'gaborone',
  ZW: 'harare',
  MZ: 'maputo',
};

/**
 * The place the shopper chose (decision 16): httpOnly like the market cookie, a year, the
 * location's id, checked against the list on every read.
 */
export const PLACE_COOKIE = 'malewa_place';

/** The market a first visit opens on when neither the shopper nor STORE_ID names one (decision 16). */
const FIRST_MARKET: CountryCode = 'ZA';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function placeCookie(place: Place, request: Request): string {
  return serverPreferenceCookie(request, PLACE_COOKIE, place.id, MAX_AGE_SECONDS);
}

/**
 * Where the shopper is: the chosen place while it lies in the current market, else that
 * market's main city (a first visit, or a country chosen in the footer); with no market
 * named, South Africa's (Johannesburg).
 */
export function currentPlace(
  request: Request,
  places: readonly Place[],
  market: CountryCode | undefined,
): Place | undefined {
  const chosen = places.find((place) => place.id === readCookie(request, PLACE_COOKIE));
  if (chosen && (market === undefined || chosen.countryCode === market)) return chosen;
  const opening = market ?? FIRST_MARKET;
  const inMarket = places.filter((place) => place.countryCode === opening);
  return inMarket.find((place) => place.slug === MAIN_CITY[opening]) ?? inMarket[0] ?? places[0];
}

/**
 * Root middleware: settles the shopper's place before any loader calls the API. A failed list
 * (the API unreachable) leaves no place: pages that need the API fail on their own calls.
 */
export const placeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  try {
    const places = await loadPlaces(context);
    const market = currentMarket(request, context.get(configContext).storeId);
    context.set(placeContext, { place: currentPlace(request, places, market), places });
  } catch {
    context.set(placeContext, { place: undefined, places: [] });
  }
  return next();
};
