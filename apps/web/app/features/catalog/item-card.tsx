import type { ItemCard as Card } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath } from '#app/platform/navigation/catalog-paths.ts';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { PriceTag } from '#app/ui/price-tag.tsx';
import { DeliveryFacts } from './delivery-facts.tsx';
import { type CardFavorite, FavoriteButton } from './favorite-button.tsx';

/**
 * What an item card shows, and so all of an item a list page sends to the browser for it
 * (`itemCardView`): the page's data is sent twice, once as HTML and once to hydrate it.
 */
export type ItemCardView = Pick<
  Card,
  'slug' | 'service' | 'type' | 'name' | 'category' | 'dietary' | 'price' | 'unit' | 'available' | 'images'
> & {
  /** Who sells it and what delivery costs: absent on the seller's own page, whose header says both once. */
  provider?: Pick<Card['provider'], 'name' | 'openNow'>;
  delivery?: Card['delivery'];
  /** A signed-in shopper's heart: the item's id and whether they keep it. */
  favorite?: CardFavorite;
};

/** An item in a list: picture, name, price per unit, who sells it, dietary flags, stock. */
export function ItemCard({
  item,
  eager = false,
  level = 3,
}: {
  item: ItemCardView;
  eager?: boolean;
  /** The card title's heading level: 2 in a list right under the page's h1, 3 under a section's h2. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { t, locale } = useI18n();
  const href = localizePath(itemPath(item.service, item.type, item.slug), locale.code);
  return (
    <article className={item.available ? 'catalog-card item-card' : 'catalog-card item-card unavailable'}>
      <ItemArt icons={item.images.slice(0, 1)} seed={item.category} eager={eager} />
      {item.favorite && (
        <FavoriteButton kind="item" id={item.favorite.id} kept={item.favorite.kept} name={item.name.text} />
      )}
      <div className="card-body">
        <Heading>
          <AppLink to={href}>
            <Localized text={item.name} />
          </AppLink>
        </Heading>
        {item.provider && (
          <p className="card-meta">
            {item.provider.name}
            {item.type !== 'recipe' && !item.provider.openNow && ` · ${t('catalog.status.closed')}`}
          </p>
        )}
        {item.type !== 'recipe' && <PriceTag price={item.price} unit={item.unit} />}
        <p className="card-status">
          {!item.available && <span className="badge closed">{t('catalog.status.soldOut')}</span>}
          {item.dietary.map((flag) => (
            <span key={flag} className="badge subtle">
              {t(`catalog.dietary.${flag}`)}
            </span>
          ))}
        </p>
        {item.delivery !== undefined && item.type !== 'recipe' && (
          <DeliveryFacts delivery={item.delivery} booked={item.type === 'experience'} />
        )}
      </div>
    </article>
  );
}
