import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { configContext } from '#app/context.ts';
import type { BookingField, BookingValues } from '#app/features/catalog/booking-form.tsx';
import { itemCardView } from '#app/features/catalog/card-view.server.ts';
import { getItem, getProvider, isRefusal } from '#app/features/catalog/catalog-api.server.ts';
import { favoriteState, keptIds } from '#app/features/catalog/favorite-state.server.ts';
import { addCartLine, addRecipeIngredients } from '#app/features/commerce/cart-api.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localeOfPath, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { currentMarket } from '#app/platform/markets/market-cookie.server.ts';
import { collectionOfPath } from '#app/platform/navigation/catalog-paths.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { choicesOf } from '../commerce/cart-page.server.ts';

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
  const kept = await keptIds(context, request);
  return {
    service: where.service,
    collection: where.collection,
    favorite: kept ? kept.providers.has(result.data.id) : null,
    vocabulary: vocabularyOf(localeOfPath(url.pathname).code, result.data),
    // Its items as cards: what each card shows, no more (features/catalog/card-view.server.ts).
    provider: {
      ...result.data,
      items: {
        ...result.data.items,
        groups: result.data.items.groups.map((group) => ({
          ...group,
          items: group.items.map((item) => itemCardView(item, kept, 'its-shop')),
        })),
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
    bookingDates: result.data.experience ? bookingDates(request, context) : null,
  };
}

/** A day to 90 days ahead (the API's rule), as dates on the shopper's market's clock. */
function bookingDates(request: Request, context: Readonly<RouterContextProvider>) {
  const market = currentMarket(request, context.get(configContext).storeId) ?? 'ZA';
  const day = dateTimeFormat('en-CA', { timeZone: MARKET_TIME_ZONES[market] });
  const now = Date.now();
  return { min: day.format(now + 86_400_000), max: day.format(now + 90 * 86_400_000) };
}

const BOOKING_ERRORS: Record<string, MessageKey> = {
  'booking.date:too_soon': 'catalog.book.error.tooSoon',
  'booking.date:too_far': 'catalog.book.error.tooFar',
  'booking.date:invalid': 'catalog.book.error.date',
  'booking.time:closed': 'catalog.book.error.closed',
  'booking.time:taken': 'catalog.book.error.taken',
  'booking.time:invalid': 'catalog.book.error.time',
  'booking.guests:range': 'catalog.book.error.guests',
};

/**
 * A chef experience's "Book": the booking goes into the Chef cart, and the shopper on to it.
 * What the API refuses comes back beside its field, with what was typed.
 */
async function submitBooking(
  url: URL,
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string,
  form: FormData,
) {
  const values: BookingValues = {
    date: textOf(form, 'date'),
    time: textOf(form, 'time'),
    guests: textOf(form, 'guests'),
    choices: choicesOf(form) ?? [],
  };
  const guests = Number(values.guests);
  const errors: FieldErrors<BookingField> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'catalog.book.error.date';
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = 'catalog.book.error.time';
  if (!(Number.isInteger(guests) && guests >= 1 && guests <= 1000)) errors.guests = 'catalog.book.error.guests';
  if (choicesOf(form) === null) errors.form = 'catalog.book.error.failed';
  if (Object.keys(errors).length > 0) return invalid(values, errors);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    await signedInCall(
      url,
      () =>
        addCartLine(context, request, 'chef', {
          item: slug,
          choices: values.choices,
          booking: { date: values.date, time: values.time, guests },
        }),
      { notFound: 'caller' },
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    for (const [field, codes] of Object.entries(error.errors)) {
      const key = BOOKING_ERRORS[`${field}:${Array.isArray(codes) ? codes[0] : ''}`];
      if (key) {
        const name = field.split('.')[1] as BookingField;
        return invalid<BookingValues, BookingField>(values, { [name]: key }, { status: error.status });
      }
    }
    // Sold out or withdrawn meanwhile (409, 404), or choices the shop changed (400).
    const gone = error.status === 409 || error.status === 404;
    return refused(values, gone ? 'catalog.book.error.unavailable' : 'catalog.book.error.failed', error.status);
  }
  showToast(context, { type: 'success', title: t('catalog.book.done'), message: t('catalog.book.checkout') });
  throw redirect(localizePath('/cart/chef', locale.code));
}

/**
 * The recipe page's "add all ingredients": the ingredients a Grocery or Farm shop near the
 * shopper sells go into those carts, for the servings shown; a notice says what went in and
 * what did not, and the shopper stays on the recipe.
 */
export async function submitItemPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const where = entryOf(url);
  const form = await request.formData();
  if (where.kind === 'items' && where.service === 'chef' && form.get('intent') === 'book') {
    return submitBooking(url, request, context, where.slug, form);
  }
  if (where.kind !== 'items' || form.get('intent') !== 'add-ingredients') throw data(null, { status: 400 });
  const servings = Number.parseInt(String(form.get('servings') ?? ''), 10);
  if (!(Number.isInteger(servings) && servings >= 1 && servings <= 24)) throw data(null, { status: 400 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    const { added, skipped } = await addRecipeIngredients(context, request, where.slug, servings);
    showToast(context, {
      type: added.length === 0 ? 'warning' : skipped.length > 0 ? 'info' : 'success',
      title: t('catalog.recipe.added', { count: added.length }),
      message:
        skipped.length > 0
          ? t('catalog.recipe.skipped', {
              items: formatList(
                skipped.map((name) => name.text),
                locale.iso,
              ),
            })
          : '',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  throw redirect(`${url.pathname}${url.search}`);
}
