import { Form, useLocation } from 'react-router';
import { listLocations } from '#app/features/operator/operator-api.server.ts';
import { pageOf } from '#app/features/operator/operator-format.ts';
import { Pager } from '#app/features/operator/pager.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import type { Route } from './+types/locations-page';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const result = await signedInCall(url, () =>
    listLocations(context, request, { searchKeyword: q || undefined, page: pageOf(url), perPage: 25, sortBy: 'name' }),
  );
  return {
    q,
    locations: result.data,
    page: result.meta.page,
    pages: result.meta.totalPages,
    title: `${t('operator.locations.title')} | ${t('site.name')}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The locations the marketplace serves (`/api/locations`, with pages). */
export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const here = localizePath('/operator/locations', locale.code);
  return (
    <section className="commerce-page operator-page" aria-labelledby="locations-title">
      <h1 id="locations-title">{t('operator.locations.title')}</h1>
      <Form method="get" className="operator-filter" role="search" aria-label={t('operator.filter.label')}>
        <label>
          {t('operator.filter.search')} <input type="search" name="q" defaultValue={loaderData.q} maxLength={100} />
        </label>
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      <p>
        <AppLink className="button" to={`${here}/new`}>
          {t('operator.locations.add')}
        </AppLink>
      </p>
      {loaderData.locations.length === 0 ? (
        <EmptyState title={t('operator.locations.empty')} />
      ) : (
        <ul className="order-list">
          {loaderData.locations.map((location) => (
            <li key={location.id} className="order-card location-row" aria-labelledby={`location-${location.id}`}>
              <h2 id={`location-${location.id}`}>
                <AppLink to={`${here}/${location.id}`}>
                  <bdi>{location.name}</bdi>
                </AppLink>
              </h2>
              <p className="card-meta">
                {t(`operator.location.kind.${location.kind}`)} · {location.countryCode} · <bdi>{location.slug}</bdi> ·{' '}
                <bdi>{location.timezone}</bdi>
                {!location.isActive && <> · {t('operator.locations.inactive')}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} path={here} search={search} />
    </section>
  );
}
