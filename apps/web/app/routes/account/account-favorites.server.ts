import { FAVORITE_KINDS, type FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { listFavorites, toggleFavorite } from '../../features/commerce/favorite-api.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { isUuid } from '../../platform/http/uuid.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '../../platform/i18n/messages.server.ts';
import { returnPathOf } from '../../platform/navigation/return-to.ts';
import { loginPathFor } from '../../platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** `/account/favorites`: the shops and the items the shopper keeps, newest first. */
export async function loadFavoritesPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    const favorites = await listFavorites(context, request);
    return {
      providers: favorites.filter((entry) => entry.kind === 'provider'),
      items: favorites.filter((entry) => entry.kind === 'item'),
      messageBundles: [pageMessageBundle.commerce(locale.code)],
      title: `${t('commerce.favorites.title')} | ${t('site.name')}`,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    throw error;
  }
}

/**
 * Keeps or forgets a provider or an item: the hearts on their pages post here, and so do this
 * page's own buttons. Back to the page the heart was on (a path of this site only).
 */
export async function submitFavoriteForm(url: URL, request: Request, context: Context) {
  const form = await request.formData();
  const kind = String(form.get('kind') ?? '');
  const id = String(form.get('id') ?? '');
  const intent = String(form.get('intent') ?? '');
  if (!(FAVORITE_KINDS as readonly string[]).includes(kind) || !isUuid(id) || !['keep', 'forget'].includes(intent)) {
    throw data(null, { status: 400 });
  }
  try {
    await toggleFavorite(context, request, kind as FavoriteKind, id, intent === 'keep');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  const back = returnPathOf(form.get('returnTo'));
  throw redirect(
    back ? `${back.pathname}${back.search}` : localizePath('/account/favorites', localeOfPath(url.pathname).code),
  );
}
