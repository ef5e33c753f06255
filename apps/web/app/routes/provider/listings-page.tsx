import { CURRENCY_MARKET } from '@malewa/contracts/currencies';
import { LISTING_TYPES_OF } from '@malewa/contracts/provider/listings';
import { data, Form, redirect } from 'react-router';
import { listListings, setListingVisibility } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath } from '#app/platform/navigation/catalog-paths.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import type { Route } from './+types/listings-page';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const listings = await signedInCall(url, () => listListings(context, request, shop.id));
  return {
    shop,
    // A service that lists two kinds (Cookbook: recipes, and ingredients to sell) adds each apart.
    kinds: LISTING_TYPES_OF[shop.service].length > 1 ? [...LISTING_TYPES_OF[shop.service]] : [],
    listings: listings.map((listing) => ({
      id: listing.id,
      name: pick(listing.name, locale.code),
      images: listing.images,
      // A recipe is read, not sold: no price or stock to show.
      price:
        listing.type === 'recipe'
          ? null
          : formatMoney(
              listing.price.amount,
              listing.price.currency,
              formattingTag(locale.iso, CURRENCY_MARKET[listing.price.currency]),
            ),
      stock: listing.stock,
      available: listing.available,
      hidden: listing.hidden,
      path: itemPath(shop.service, listing.type, listing.slug),
    })),
    title: `${t('provider.listings.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

/** Hides a listing from the storefront or shows it again; the page comes back with a note saying which. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const form = await request.formData();
  const id = String(form.get('listing') ?? '');
  const intent = form.get('intent');
  if (!isUuid(id) || (intent !== 'hide' && intent !== 'show')) throw data(null, { status: 400 });
  const listing = await signedInCall(url, () => setListingVisibility(context, request, id, intent === 'hide'));
  const name = pick(listing.name, locale.code).text;
  showToast(context, {
    type: 'success',
    title: t(listing.hidden ? 'provider.listings.hiddenDone' : 'provider.listings.shownDone', { name }),
    message: '',
  });
  throw redirect(`${localizePath('/provider/listings', locale.code)}?shop=${shop.id}`, 303);
}

/** A listing's name in the page's language when it has one, else its first. */
function pick(texts: Record<string, string>, language: string): { text: string; lang: string } {
  const lang = texts[language] ? language : (Object.keys(texts)[0] ?? language);
  return { text: texts[lang] ?? '', lang };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The shop's listings: each with its picture, price, stock and "sold out today", to edit. */
export default function ListingsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { shop, listings } = loaderData;
  const query = `?shop=${shop.id}`;
  return (
    <section className="commerce-page operator-page" aria-labelledby="listings-title">
      <h1 id="listings-title">{t('provider.listings.title', { shop: shop.name })}</h1>

      <p className="order-actions">
        {loaderData.kinds.length === 0 ? (
          <AppLink className="button" to={`${localizePath('/provider/listings/new', locale.code)}${query}`}>
            {t('provider.listings.add')}
          </AppLink>
        ) : (
          loaderData.kinds.map((kind) => (
            <AppLink
              key={kind}
              className="button"
              to={`${localizePath('/provider/listings/new', locale.code)}${query}&type=${kind}`}
            >
              {t(`provider.listings.add.${kind}` as MessageKey)}
            </AppLink>
          ))
        )}
      </p>
      {listings.length === 0 ? (
        <EmptyState title={t('provider.listings.empty')} />
      ) : (
        <ul className="order-list listing-list">
          {listings.map((listing) => (
            <li
              key={listing.id}
              className={`order-card listing-card${listing.hidden ? ' is-hidden' : ''}`}
              aria-labelledby={`listing-${listing.id}`}
            >
              <ItemArt icons={listing.images} seed={listing.id} />
              <div>
                <h2 id={`listing-${listing.id}`}>
                  <Localized as="bdi" text={listing.name} />
                </h2>
                {listing.price !== null && (
                  <p>
                    <bdi>{listing.price}</bdi> ·{' '}
                    {listing.stock === null
                      ? t('provider.listings.noStock')
                      : t('provider.listings.stock', { count: listing.stock })}
                    {!listing.available && <> · {t('provider.listings.soldOut')}</>}
                  </p>
                )}
                {listing.hidden && <p className="listing-hidden">{t('provider.listings.hidden')}</p>}
                <div className="order-actions">
                  <AppLink to={`${localizePath(`/provider/listings/${listing.id}`, locale.code)}${query}`}>
                    {t('provider.listings.edit')}
                    <span className="visually-hidden"> {listing.name.text}</span>
                  </AppLink>
                  {shop.status === 'active' && !listing.hidden && (
                    <AppLink to={localizePath(listing.path, locale.code)}>{t('provider.listings.storefront')}</AppLink>
                  )}
                  <Form method="post" action={`${localizePath('/provider/listings', locale.code)}${query}`}>
                    <CsrfField />
                    <input type="hidden" name="listing" value={listing.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={listing.hidden ? 'show' : 'hide'}
                      className="button-quiet"
                    >
                      {t(listing.hidden ? 'provider.listings.show' : 'provider.listings.hide')}
                      <span className="visually-hidden"> {listing.name.text}</span>
                    </button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
