import { PROVIDER_STATUSES, SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import type { RouterContextProvider } from 'react-router';
import { listProviders } from '#app/features/operator/operator-api.server.ts';
import { OPERATOR_PAGE_SIZE, oneOf, pageOf } from '#app/features/operator/operator-format.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/** `/operator/providers`: every shop, by name, service and state, a page of 20 at a time. */
export async function loadProviders(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const service = oneOf(url.searchParams.get('service'), SERVICE_IDS);
  const countryCode = oneOf(url.searchParams.get('countryCode'), COUNTRY_CODES);
  const status = oneOf(url.searchParams.get('status'), PROVIDER_STATUSES);
  const page = pageOf(url);
  const result = await signedInCall(url, () =>
    listProviders(context, request, {
      searchKeyword: q || undefined,
      service,
      countryCode,
      status,
      page,
      perPage: OPERATOR_PAGE_SIZE,
      sortBy: 'name',
    }),
  );
  return {
    filter: { q, service: service ?? '', countryCode: countryCode ?? '', status: status ?? '' },
    // What a row shows, and no more: a page's data goes to the browser twice (HTML, hydration).
    providers: result.data.map((provider) => ({
      id: provider.id,
      name: provider.name,
      service: provider.service,
      kind: provider.kind,
      area: provider.area,
      city: provider.city.name,
      status: provider.status,
      rating: provider.rating,
      orderCount: provider.orderCount,
    })),
    page: result.meta.page,
    pages: result.meta.totalPages,
    title: `${t('operator.providers.title')} | ${t('site.name')}`,
  };
}
