import { DeliveryFacts } from '#app/features/catalog/delivery-facts.tsx';
import { FavoriteButton } from '#app/features/catalog/favorite-button.tsx';
import { ItemCard } from '#app/features/catalog/item-card.tsx';
import { OpeningHours } from '#app/features/catalog/opening-hours.tsx';
import { providerJsonLd } from '#app/features/catalog/structured-data.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { useRootData } from '#app/platform/root-data/root-data.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import catalogStyles from '#app/styles/catalog.css?url';
import entryStyles from '#app/styles/catalog-entry.css?url';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { Rating } from '#app/ui/rating.tsx';
import type { Route } from './+types/provider-page';
import { loadProviderPage } from './entry-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadProviderPage(url, request, context);
}

/** The entry pages' own rules, after the catalog's (styles/catalog-entry.css). */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: entryStyles },
];

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  const { provider } = args.loaderData;
  const path = providerPath(provider.service, provider.slug);
  const meta = pageMeta(args, {
    path,
    title: `${provider.name} · ${provider.area}, ${provider.city}`,
    description: provider.description.text,
  });
  const canonical = meta.find((entry) => 'rel' in entry && entry.rel === 'canonical') as { href?: string } | undefined;
  return [...meta, { 'script:ld+json': providerJsonLd(provider, canonical?.href ?? path) }];
}

/** A provider's page: who they are, when they are open, what delivery costs here, what they sell by category. */
/** The page's vocabulary labels (vocabulary.server.ts) over the layout's texts. */
export default function ProviderPage(props: Route.ComponentProps) {
  return (
    <I18nScope messages={props.loaderData.vocabulary}>
      <ProviderBody {...props} />
    </I18nScope>
  );
}

function ProviderBody({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const label = useVocabulary();
  const money = useFormatMoney();
  const { provider } = loaderData;
  const place = useRootData()?.place.current?.name;
  return (
    <article className="entry-page provider-page" aria-labelledby="entry-title">
      <header className="entry-header">
        <ItemArt icons={provider.images} seed={provider.slug} sizes="10rem" large eager />
        <div>
          <h1 id="entry-title">{provider.name}</h1>
          <FavoriteButton kind="provider" id={provider.id} kept={loaderData.favorite} />
          <p className="card-meta">
            {provider.street}, {provider.area}, {provider.city} ·{' '}
            <Rating average={provider.rating.average} count={provider.rating.count} />
          </p>
          <Localized as="p" text={provider.description} />
          <p className="card-status">
            {provider.byAppointment ? (
              <span className="badge">{t('catalog.status.byAppointment')}</span>
            ) : provider.openNow ? (
              <span className="badge open">{t('catalog.status.open')}</span>
            ) : (
              <span className="badge closed">{t('catalog.status.closed')}</span>
            )}
            <span className="badge subtle">
              {t('catalog.provider.minimum', { amount: money(provider.minimumOrder) })}
            </span>
            {provider.delivery?.freeAbove && (
              <span className="badge subtle">
                {t('catalog.provider.freeAbove', { amount: money(provider.delivery.freeAbove) })}
              </span>
            )}
          </p>
          {provider.delivery ? (
            <DeliveryFacts delivery={provider.delivery} booked={provider.service === 'chef'} />
          ) : provider.distanceKm !== null ? (
            <p className="catalog-notice" role="status">
              {t('catalog.provider.tooFar', { km: provider.distanceKm, place: place ?? '' })}
            </p>
          ) : (
            <p className="card-meta">{t('catalog.provider.noPlace')}</p>
          )}
        </div>
      </header>
      <OpeningHours hours={provider.hours} byAppointment={provider.byAppointment} closedDates={provider.closedDates} />
      {provider.items.groups.map((group) => (
        <section key={group.category} className="entry-group" aria-labelledby={`group-${group.category}`}>
          <h2 id={`group-${group.category}`}>{label('category', group.category)}</h2>
          <ul className="card-grid">
            {group.items.map((item) => (
              <li key={item.slug}>
                <ItemCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Pager page={provider.items.meta.page} totalPages={provider.items.meta.totalPages} />
    </article>
  );
}
