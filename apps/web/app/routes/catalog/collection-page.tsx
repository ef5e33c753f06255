import { useLocation } from 'react-router';
import { CatalogFilters } from '#app/features/catalog/catalog-filters.tsx';
import { ItemCard } from '#app/features/catalog/item-card.tsx';
import { ProviderCard } from '#app/features/catalog/provider-card.tsx';
import { ProviderMap } from '#app/features/catalog/provider-map.tsx';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import catalogStyles from '#app/styles/catalog.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { Pager } from '#app/ui/pager.tsx';
import type { Route } from './+types/collection-page';
import { loadCollectionPage } from './collection-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadCollectionPage(url, request, context);
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { service, collection } = args.loaderData;
  return pageMeta(args, { path: `/${service}/${collection}`, ...args.loaderData.meta });
}

/**
 * A collection of a service (kitchens, meals, stores, products, ...: docs/product/catalog.md):
 * what delivers to the shopper's place, with search, filters and sort in the address, and pages
 * of 15.
 *
 * The page's vocabulary labels (vocabulary.server.ts) over the layout's texts.
 */
export default function CollectionPage(props: Route.ComponentProps) {
  return (
    <I18nScope messages={props.loaderData.vocabulary}>
      <CollectionBody {...props} />
    </I18nScope>
  );
}

function CollectionBody({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { collection, kind, sortFields, place, errors, view } = loaderData;
  const list = loaderData.providers ?? loaderData.items;
  return (
    <section className="catalog-page" aria-labelledby="catalog-title">
      <header className="catalog-header">
        <h1 id="catalog-title">{t(`services.tab.${collection}` as MessageKey)}</h1>
        {list && (
          <p className="catalog-count">
            {place
              ? t('catalog.count.near', { count: list.meta.total, place })
              : t('catalog.count.all', { count: list.meta.total })}
          </p>
        )}
      </header>
      {kind === 'providers' && <ViewSwitch view={view} />}
      <CatalogFilters kind={kind} sortFields={sortFields} facets={loaderData.facets} errors={errors ?? undefined} />
      {view === 'map' && loaderData.providers && (
        <ProviderMap providers={loaderData.providers.data} cities={loaderData.cities ?? []} />
      )}
      {errors && (
        <p className="catalog-notice" role="alert">
          {t('catalog.filters.refused')}
        </p>
      )}
      {list && list.data.length === 0 && (
        <EmptyState title={t('catalog.empty.title')}>
          <p>{t('catalog.empty.text')}</p>
          <AppLink to=".">{t('catalog.filters.clear')}</AppLink>
        </EmptyState>
      )}
      {loaderData.providers && loaderData.providers.data.length > 0 && (
        <ul className="card-grid">
          {loaderData.providers.data.map((provider, index) => (
            <li key={provider.slug}>
              <ProviderCard provider={provider} eager={index === 0} level={2} />
            </li>
          ))}
        </ul>
      )}
      {loaderData.items && loaderData.items.data.length > 0 && (
        <ul className="card-grid">
          {loaderData.items.data.map((item, index) => (
            <li key={item.slug}>
              <ItemCard item={item} eager={index === 0} level={2} />
            </li>
          ))}
        </ul>
      )}
      {list && <Pager page={list.meta.page} totalPages={list.meta.totalPages} />}
    </section>
  );
}

/** List or map: links that keep the filters, so either view can be shared and works without JavaScript. */
function ViewSwitch({ view }: { view: 'list' | 'map' }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const to = (next: 'list' | 'map') => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (next === 'map') params.set('view', 'map');
    else params.delete('view');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className="view-switch" aria-label={t('catalog.view.label')}>
      <AppLink className="view-link" to={to('list')} aria-current={view === 'list' ? 'page' : undefined}>
        {t('catalog.view.list')}
      </AppLink>
      <AppLink className="view-link" to={to('map')} aria-current={view === 'map' ? 'page' : undefined}>
        {t('catalog.view.map')}
      </AppLink>
    </nav>
  );
}
