import type { Favorite } from '@malewa/contracts/favorites/favorite';
import { Form, useLocation } from 'react-router';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import type { Route } from './+types/account-favorites';
import { loadFavoritesPage, submitFavoriteForm } from './account-favorites.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadFavoritesPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitFavoriteForm(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** `/account/favorites`: the shops and the items the shopper keeps, each to its page. */
export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <FavoritesBody providers={loaderData.providers} items={loaderData.items} />
    </I18nScope>
  );
}

function FavoritesBody({ providers, items }: { providers: Favorite[]; items: Favorite[] }) {
  const { t } = useI18n();
  return (
    <div className="account-page commerce-page favorites-page">
      <h1>{t('commerce.favorites.title')}</h1>
      {providers.length === 0 && items.length === 0 ? (
        <EmptyState title={t('commerce.favorites.empty')}>
          <p>{t('commerce.favorites.how')}</p>
        </EmptyState>
      ) : (
        <>
          {providers.length > 0 && <FavoriteList title={t('commerce.favorites.shops')} entries={providers} />}
          {items.length > 0 && <FavoriteList title={t('commerce.favorites.items')} entries={items} />}
        </>
      )}
    </div>
  );
}

function FavoriteList({ title, entries }: { title: string; entries: Favorite[] }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <ul className="order-list">
        {entries.map((entry) => {
          const path =
            entry.kind === 'provider' || entry.type === null
              ? providerPath(entry.service, entry.slug)
              : itemPath(entry.service, entry.type, entry.slug);
          return (
            <li key={entry.id} className="order-card favorite-entry">
              <ItemArt icons={entry.images.slice(0, 1)} seed={entry.slug} sizes="4rem" />
              <div>
                <p>
                  <AppLink to={localizePath(path, locale.code)}>
                    <Localized as="bdi" text={entry.name} />
                  </AppLink>
                </p>
                <p className="card-meta">
                  {t(`service.${entry.service}.name`)}
                  {entry.providerName && (
                    <>
                      {' · '}
                      <bdi>{entry.providerName}</bdi>
                    </>
                  )}
                </p>
              </div>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="kind" value={entry.kind} />
                <input type="hidden" name="id" value={entry.id} />
                <input type="hidden" name="returnTo" value={pathname} />
                <button type="submit" name="intent" value="forget" className="button-quiet">
                  {t('commerce.favorites.remove')}
                  <span className="visually-hidden"> {entry.name.text}</span>
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
