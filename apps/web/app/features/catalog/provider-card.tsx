import type { ProviderCard as Card } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { Rating } from '#app/ui/rating.tsx';
import { DeliveryFacts } from './delivery-facts.tsx';
import { type CardFavorite, FavoriteButton } from './favorite-button.tsx';

/**
 * What a provider card (and the map's marker) shows, and so all of a provider a list page sends
 * to the browser for it (`providerCardView`).
 */
export type ProviderCardView = Pick<
  Card,
  | 'slug'
  | 'service'
  | 'name'
  | 'description'
  | 'city'
  | 'area'
  | 'cuisines'
  | 'rating'
  | 'byAppointment'
  | 'openNow'
  | 'images'
  | 'delivery'
  | 'latitude'
  | 'longitude'
> & {
  /** A signed-in shopper's heart: the provider's id and whether they keep it. */
  favorite?: CardFavorite;
};

/** A provider in a list: picture, name, where, rating, open or not, and delivery to the shopper. */
export function ProviderCard({
  provider,
  eager = false,
  level = 3,
}: {
  provider: ProviderCardView;
  eager?: boolean;
  /** The card title's heading level: 2 in a list right under the page's h1, 3 under a section's h2. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t, locale } = useI18n();
  const label = useVocabulary();
  const href = localizePath(providerPath(provider.service, provider.slug), locale.code);
  return (
    <article className="catalog-card provider-card">
      <ItemArt icons={provider.images} seed={provider.slug} eager={eager} />
      {provider.favorite && (
        <FavoriteButton kind="provider" id={provider.favorite.id} kept={provider.favorite.kept} name={provider.name} />
      )}
      <div className="card-body">
        <Heading>
          <AppLink to={href}>{provider.name}</AppLink>
        </Heading>
        <p className="card-meta">
          {provider.area}, {provider.city} · <Rating average={provider.rating.average} count={provider.rating.count} />
        </p>
        <p className="card-status">
          {provider.byAppointment ? (
            <span className="badge">{t('catalog.status.byAppointment')}</span>
          ) : provider.openNow ? (
            <span className="badge open">{t('catalog.status.open')}</span>
          ) : (
            <span className="badge closed">{t('catalog.status.closed')}</span>
          )}
          {provider.cuisines.slice(0, 2).map((cuisine) => (
            <span key={cuisine} className="badge subtle">
              {label('cuisine', cuisine)}
            </span>
          ))}
        </p>
        <Localized as="p" className="card-description" text={provider.description} />
        <DeliveryFacts delivery={provider.delivery} booked={provider.service === 'chef'} />
      </div>
    </article>
  );
}
