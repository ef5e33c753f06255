import { FAVORITE_KINDS, type FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { listFavorites, toggleFavorite } from '#app/features/commerce/favorite-api.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { returnPathOf } from '#app/platform/navigation/return-to.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** `/account/favorites`: the shops and the items the shopper keeps, newest first. */
export async function loadFavoritesPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const favorites = await signedInCall(url, () => listFavorites(context, request));
  return {
    providers: favorites.filter((entry) => entry.kind === 'provider'),
    items: favorites.filter((entry) => entry.kind === 'item'),
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.favorites.title')} | ${t('site.name')}`,
  };
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
  await signedInCall(url, () => toggleFavorite(context, request, kind as FavoriteKind, id, intent === 'keep'));
  const back = returnPathOf(form.get('returnTo'));
  throw redirect(
    back ? `${back.pathname}${back.search}` : localizePath('/account/favorites', localeOfPath(url.pathname).code),
  );
}
