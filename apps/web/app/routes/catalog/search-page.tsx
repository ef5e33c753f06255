import type { SearchCatalogResponse } from '@malewa/contracts/catalog/search-catalog';
import { data, Form, useLocation } from 'react-router';
import { searchView } from '#app/features/catalog/card-view.server.ts';
import { isRefusal, searchCatalog } from '#app/features/catalog/catalog-api.server.ts';
import { keptIds } from '#app/features/catalog/favorite-state.server.ts';
import { ItemCard } from '#app/features/catalog/item-card.tsx';
import { ProviderCard } from '#app/features/catalog/provider-card.tsx';
import { catalogMessageBundle } from '#app/features/catalog/vocabulary.server.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { serviceOfPath } from '#app/platform/services/services.ts';
import catalogStyles from '#app/styles/catalog.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { Pager } from '#app/ui/pager.tsx';
import type { Route } from './+types/search-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

/**
 * Search of one service (`/food/search`, under its layout) or all five (`/search`, the header's
 * box). The query and the facets are in the address: a GET form and links, no JavaScript needed.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const service = serviceOfPath(unlocalizePath(url.pathname))?.id;
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const q = url.searchParams.get('q') ?? '';
  const [result, kept] = await Promise.all([
    q.trim() === '' ? null : searchCatalog(context, request, service, url.searchParams),
    keptIds(context, request),
  ]);
  const base = {
    service: service ?? null,
    q,
    // Under a service the layout brings the catalog's texts; `/search` brings its own.
    messageBundles: service ? [] : [catalogMessageBundle(locale.code)],
    meta: {
      title: q ? t('catalog.search.titleFor', { q }) : t('catalog.search.title'),
      description: t('catalog.search.description'),
    },
  };
  if (isRefusal(result)) return data({ ...base, vocabulary: {}, result: null, refused: true }, 400);
  return {
    ...base,
    vocabulary: vocabularyOf(locale.code, result),
    result: result ? searchView(result, kept) : null,
    refused: false,
  };
}

/** A search's answer as the page has it: the cards cut to what they show. */
type SearchView = ReturnType<typeof searchView>;

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const path = args.loaderData.service ? `/${args.loaderData.service}/search` : '/search';
  // Result pages are not for search engines: the bare search page is.
  return [
    ...pageMeta(args, { path, ...args.loaderData.meta }),
    ...(args.loaderData.q ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const body = <SearchBody {...loaderData} />;
  // The page's vocabulary labels, over the catalog's texts (`/search` brings those itself).
  return (
    <I18nScope bundles={loaderData.messageBundles} messages={loaderData.vocabulary}>
      {body}
    </I18nScope>
  );
}

function SearchBody({ q, result, refused }: { q: string; result: SearchView | null; refused: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <section className="catalog-page search-page" aria-labelledby="search-title">
      <h1 id="search-title">{q ? t('catalog.search.titleFor', { q }) : t('catalog.search.title')}</h1>
      <Form
        method="get"
        action={pathname}
        role="search"
        aria-label={t('catalog.filters.label')}
        className="catalog-filters"
      >
        <div className="filter-row">
          <label className="filter-search">
            <span className="visually-hidden">{t('catalog.search.label')}</span>
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              placeholder={t('catalog.search.placeholder')}
            />
          </label>
          <button type="submit">{t('catalog.search.submit')}</button>
        </div>
      </Form>
      {refused && (
        <p className="catalog-notice" role="alert">
          {t('catalog.search.refused')}
        </p>
      )}
      {result && <Results result={result} />}
    </section>
  );
}

function Results({ result }: { result: SearchView }) {
  const { t } = useI18n();
  const { meta, data: found } = result;
  const shown = shownFacets(meta.facets);
  if (meta.total === 0 && found.providers.length === 0) {
    return (
      <EmptyState title={t('catalog.search.none')}>
        {meta.didYouMean && (
          <p>
            {t('catalog.search.didYouMean')}{' '}
            <FacetLink name="q" value={meta.didYouMean} reset label={meta.didYouMean} />
          </p>
        )}
      </EmptyState>
    );
  }
  return (
    <div className={shown.any ? 'search-results' : 'search-results search-results-plain'}>
      {shown.any && <Facets shown={shown} />}
      <div>
        {found.providers.length > 0 && (
          <ul className="card-grid providers-strip">
            {found.providers.map((provider, index) => (
              <li key={provider.slug}>
                <ProviderCard provider={provider} eager={index === 0} />
              </li>
            ))}
          </ul>
        )}
        {/* The count is the items', so it heads their grid, below the shops; none when only shops matched. */}
        {meta.total > 0 && <p className="catalog-count">{t('catalog.search.count', { count: meta.total })}</p>}
        {found.items.length > 0 && (
          <ul className="card-grid">
            {found.items.map((item, index) => (
              <li key={item.slug}>
                {/* The page's first picture loads at once: the strip's, when there is one. */}
                <ItemCard item={item} eager={index === 0 && found.providers.length === 0} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={meta.page} totalPages={meta.totalPages} />
      </div>
    </div>
  );
}

/** A link that sets one facet (and drops the page), keeping the query and the other facets. */
function FacetLink({
  name,
  value,
  label,
  reset = false,
}: {
  name: string;
  value: string;
  label: string;
  reset?: boolean;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(reset ? '' : search);
  params.delete('page');
  const current = params.get(name) === value;
  if (current) params.delete(name);
  else params.set(name, value);
  return (
    <AppLink to={`${pathname}?${params.toString()}`} aria-current={current ? 'true' : undefined}>
      {label}
    </AppLink>
  );
}

type SearchFacets = SearchCatalogResponse['meta']['facets'];
type FacetGroup = 'service' | 'type' | 'category' | 'dietary';

/**
 * What the facets offer to narrow by: each group with two keys or more to choose between (a
 * dietary flag narrows alone), and the price bands with a match. Only shops matched: nothing.
 */
function shownFacets(facets: SearchFacets) {
  const all: [FacetGroup, SearchFacets['services']][] = [
    ['service', facets.services],
    ['type', facets.types],
    ['category', facets.categories],
    ['dietary', facets.dietary],
  ];
  const groups = all.filter(([name, entries]) => entries.length > 1 || (name === 'dietary' && entries.length > 0));
  const bands = facets.priceBands.filter((band) => band.count > 0);
  return { groups, bands, any: groups.length > 0 || bands.length > 0 };
}

function Facets({ shown }: { shown: ReturnType<typeof shownFacets> }) {
  const { t } = useI18n();
  const vocabulary = useVocabulary();
  const money = useFormatMoney();
  const titles: Record<FacetGroup, string> = {
    service: t('catalog.facet.services'),
    type: t('catalog.facet.types'),
    category: t('catalog.facet.categories'),
    dietary: t('catalog.facet.dietary'),
  };
  const label = (name: FacetGroup, key: string) =>
    name === 'service' ? t(`service.${key}.name` as 'service.food.name') : vocabulary(name, key);
  const { groups, bands } = shown;
  return (
    <aside className="facets" aria-label={t('catalog.facet.label')}>
      {groups.map(([name, entries]) => (
        <section key={name}>
          <h2>{titles[name]}</h2>
          <ul>
            {entries.map((entry) => (
              <li key={entry.key}>
                <FacetLink name={name} value={entry.key} label={`${label(name, entry.key)} (${entry.count})`} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {bands.length > 0 && (
        <section>
          <h2>{t('catalog.facet.price')}</h2>
          <ul>
            {bands.map((band) => (
              <li key={band.key}>
                <FacetLink
                  name="priceBand"
                  value={String(band.key)}
                  label={`${
                    band.max
                      ? t('catalog.facet.band', { min: money(band.min), max: money(band.max) })
                      : t('catalog.facet.bandOver', { min: money(band.min) })
                  } (${band.count})`}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
