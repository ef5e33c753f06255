import { listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { regionNamesFor } from '#app/platform/i18n/region-names.ts';

export interface CountryCities {
  code: string;
  name: string;
  cities: string[];
}

/**
 * The home page's data: its localized metadata and the cities Malewa delivers to, grouped by
 * country. When the API cannot answer, the page still renders, without the city list.
 * `url` is the normalised page URL: on a client navigation `request.url` ends in `.data`.
 */
export async function loadDeliveryCities(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const meta = { title: t('home.title'), description: t('home.description'), keywords: t('home.keywords') };

  const api = apiClientFor(context, request);

  let countries: CountryCities[] | null = null;
  try {
    const { data } = await api.call(listLocationsEndpoint, { query: { perPage: 100, sortBy: 'name' } });
    const regionName = regionNamesFor(locale.code);
    const byCountry = new Map<string, CountryCities>();
    for (const location of data) {
      if (!location.isActive || location.kind !== 'city') continue;
      const entry = byCountry.get(location.countryCode) ?? {
        code: location.countryCode,
        name: regionName(location.countryCode),
        cities: [],
      };
      entry.cities.push(location.name);
      byCountry.set(location.countryCode, entry);
    }
    countries = [...byCountry.values()].sort((a, b) => a.name.localeCompare(b.name, locale.code));
  } catch (error) {
    console.error('home: could not load delivery cities', error);
  }
  return { meta, countries };
}
