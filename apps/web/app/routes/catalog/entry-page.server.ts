import { data, type RouterContextProvider, redirect } from 'react-router';
import { itemCardView } from '../../features/catalog/card-view.server.ts';
import { getItem, getProvider, isRefusal } from '../../features/catalog/catalog-api.server.ts';
import { collectionOfPath } from '../../features/catalog/collections.ts';
import { favoriteState } from '../../features/catalog/favorite-state.server.ts';
import { addRecipeIngredients } from '../../features/commerce/cart-api.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath, unlocalizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import { vocabularyOf } from '../../platform/i18n/vocabulary.server.ts';

/** The collection and slug of `/food/kitchens/choma-junction-south-b`, or a 404. */
function entryOf(url: URL) {
  const path = unlocalizePath(url.pathname);
  const where = collectionOfPath(path);
  const slug = path.split('/')[3];
  if (!where || !slug) throw data(null, { status: 404 });
  return { ...where, slug };
}

export async function loadProviderPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const where = entryOf(url);
  if (where.kind !== 'providers') throw data(null, { status: 404 });
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const result = await getProvider(context, request, where.service, where.collection, where.slug, page > 0 ? page : 1);
  // A bad page number is the only thing the shopper can get wrong here.
  if (isRefusal(result)) throw data(null, { status: 404 });
  return {
    service: where.service,
    collection: where.collection,
    favorite: await favoriteState(context, request, 'provider', result.data.id),
    vocabulary: vocabularyOf(localeOfPath(url.pathname).code, result.data),
    // Its items as cards: what each card shows, no more (features/catalog/card-view.server.ts).
    provider: {
      ...result.data,
      items: {
        ...result.data.items,
        groups: result.data.items.groups.map((group) => ({ ...group, items: group.items.map(itemCardView) })),
      },
    },
  };
}

export async function loadItemPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const where = entryOf(url);
  if (where.kind !== 'items') throw data(null, { status: 404 });
  const result = await getItem(context, request, where.service, where.collection, where.slug);
  if (isRefusal(result)) throw data(null, { status: 404 });
  const servings = Number.parseInt(url.searchParams.get('servings') ?? '', 10);
  return {
    service: where.service,
    collection: where.collection,
    item: result.data,
    favorite: await favoriteState(context, request, 'item', result.data.id),
    vocabulary: vocabularyOf(localeOfPath(url.pathname).code, result.data),
    // The recipe's servings selector (a GET form): 1 to 24, else the recipe's own.
    servings: Number.isInteger(servings) && servings >= 1 && servings <= 24 ? servings : null,
  };
}

/**
 * The recipe page's "add all ingredients": the ingredients a Grocery or Farm shop near the
 * shopper sells go into those carts, for the servings shown; a notice says what went in and
 * what did not, and the shopper stays on the recipe.
 */
export async function submitItemPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const where = entryOf(url);
  const form = await request.formData();
  if (where.kind !== 'items' || form.get('intent') !== 'add-ingredients') throw data(null, { status: 400 });
  const servings = Number.parseInt(String(form.get('servings') ?? ''), 10);
  if (!(Number.isInteger(servings) && servings >= 1 && servings <= 24)) throw data(null, { status: 400 });
  const t = translatorFor(localeOfPath(url.pathname).code);
  try {
    const { added, skipped } = await addRecipeIngredients(context, request, where.slug, servings);
    notify(context, {
      type: added.length === 0 ? 'warning' : skipped.length > 0 ? 'info' : 'success',
      title: t('catalog.recipe.added', { count: added.length }),
      message:
        skipped.length > 0 ? t('catalog.recipe.skipped', { items: skipped.map((name) => name.text).join(', ') }) : '',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  throw redirect(`${url.pathname}${url.search}`);
}
