import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { Order } from '@malewa/contracts/orders/order';
import { ZRateOrderRequestSchema } from '@malewa/contracts/orders/rate-order';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { isChatForm, loadOrderChat, submitChatForm } from '#app/features/chat/chat.server.ts';
import { cancelOrder, getOrder, listOrders, rateOrder, reorder } from '#app/features/commerce/order-api.server.ts';
import { bookingSpan, scheduledAt } from '#app/features/commerce/schedule-times.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { type FieldWords, invalid, parseForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** When an order was placed, in the page's language and the order's market's time zone. */
function placedAtOf(order: Order, language: string): string {
  return dateTimeFormat(formattingTag(language, order.countryCode), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: MARKET_TIME_ZONES[order.countryCode],
  }).format(new Date(order.placedAt));
}

/** When a scheduled order or a chef's booking is wanted, on the provider's clock; null for as soon as possible. */
function scheduledOf(order: Order, language: string): string | null {
  return order.scheduledFor ? scheduledAt(order.scheduledFor, order.timeZone, language, order.countryCode) : null;
}

function pageOf(url: URL): number {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

/** `/account/orders`: the shopper's orders, newest first, ten a page. */
export async function loadOrdersPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const list = await signedInCall(url, () => listOrders(context, request, { page: pageOf(url) }));
  return {
    orders: list.data.map((order) => ({
      order,
      placedAt: placedAtOf(order, locale.iso),
      scheduledFor: scheduledOf(order, locale.iso),
    })),
    meta: list.meta,
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.orders.title')} | ${t('site.name')}`,
  };
}

/** `/account/orders/placed/{checkoutId}`: the confirmation of one checkout, its orders. */
export async function loadPlacedPage(url: URL, request: Request, context: Context, checkoutId: string | undefined) {
  if (!checkoutId || !isUuid(checkoutId)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const list = await signedInCall(url, () => listOrders(context, request, { checkout: checkoutId }));
  // Another shopper's checkout, or none: nothing to confirm.
  if (list.data.length === 0) throw data(null, { status: 404 });
  return {
    orders: list.data.map((order) => ({
      order,
      placedAt: placedAtOf(order, locale.iso),
      scheduledFor: scheduledOf(order, locale.iso),
    })),
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.placed.title')} | ${t('site.name')}`,
  };
}

/** `/account/orders/{id}`: one order, its way so far, and what the shopper can still do. */
export async function loadOrderPage(url: URL, request: Request, context: Context, orderId: string | undefined) {
  if (!orderId || !isUuid(orderId)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const order = await signedInCall(url, () => getOrder(context, request, orderId));
  const chat = await loadOrderChat(url, context, request, {
    orderId,
    language: locale.iso,
    countryCode: order.countryCode,
  });
  return {
    order,
    chat,
    placedAt: placedAtOf(order, locale.iso),
    scheduledFor: scheduledOf(order, locale.iso),
    lineBookings: order.lines.map((line) =>
      line.booking ? bookingSpan(line.booking, locale.iso, order.countryCode) : null,
    ),
    vocabulary: vocabularyOf(locale.code, order.lines, { discounts: order.discounts }),
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.order.title', { provider: order.provider.name })} | ${t('site.name')}`,
  };
}

/** The order page's forms as sent: the rating's stars and comment (empty for the others). */
export interface OrderValues {
  stars: string;
  comment: string;
}
export type RatingField = keyof OrderValues;

/** The rating's fields, and their one message each (our check and the API's alike). */
const RATING_WORDS: FieldWords<RatingField> = {
  fieldOf: (path) => (path === 'stars' || path === 'comment' ? path : undefined),
  messageOf: (field) =>
    field === 'stars'
      ? 'commerce.rating.stars'
      : field === 'comment'
        ? 'commerce.rating.long'
        : 'commerce.error.failed',
};

/** The order page's forms: cancel, rate, order again, and its chat's. */
export async function submitOrderForm(url: URL, request: Request, context: Context, orderId: string | undefined) {
  if (!orderId || !isUuid(orderId)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  if (isChatForm(form)) {
    return submitChatForm(url, context, request, form, {
      orderId,
      returnTo: `${url.pathname}${url.search}#chat-${orderId}`,
    });
  }
  const intent = textOf(form, 'intent');
  const values: OrderValues = { stars: textOf(form, 'stars'), comment: textOf(form, 'comment', { trim: false }) };
  const refuse = (reason: MessageKey, status: number) => refused(values, reason, status, { intent });
  const here = `${url.pathname}${url.search}`;
  try {
    switch (intent) {
      case 'cancel':
        await signedInCall(url, () => cancelOrder(context, request, orderId));
        showToast(context, { type: 'success', title: t('commerce.order.cancelled'), message: '' });
        throw redirect(here);
      case 'rate': {
        // Each problem beside its field, the stars and the comment kept as they were.
        const comment = values.comment.trim();
        const parsed = parseForm(
          ZRateOrderRequestSchema,
          { stars: /^[1-5]$/.test(values.stars) ? Number(values.stars) : undefined, comment: comment || undefined },
          RATING_WORDS,
        );
        if (!parsed.ok) return invalid<OrderValues, RatingField>(values, parsed.errors, { intent });
        const rating = parsed.request;
        try {
          await signedInCall(url, () => rateOrder(context, request, orderId, rating));
        } catch (error) {
          const errors = error instanceof ApiError && error.status === 400 ? apiFieldErrors(error) : {};
          if (Object.keys(errors).length > 0) return invalid<OrderValues, RatingField>(values, errors, { intent });
          throw error;
        }
        showToast(context, { type: 'success', title: t('commerce.rating.thanks'), message: '' });
        throw redirect(here);
      }
      case 'reorder': {
        const { cart, skipped } = await signedInCall(url, () => reorder(context, request, orderId));
        showToast(context, {
          type: skipped.length > 0 ? 'warning' : 'success',
          title: t('commerce.reorder.done'),
          message:
            skipped.length > 0
              ? t('commerce.reorder.skipped', {
                  items: formatList(
                    skipped.map((name) => name.text),
                    locale.iso,
                  ),
                })
              : '',
        });
        throw redirect(localizePath(`/cart/${cart.service}`, locale.code));
      }
      default:
        return refuse('commerce.error.failed', 400);
    }
  } catch (error) {
    // Too late to cancel, rated already: the page, reloaded, shows why.
    if (error instanceof ApiError && error.status === 409) return refuse('commerce.order.tooLate', 409);
    if (error instanceof ApiError && error.status < 500) return refuse('commerce.error.failed', error.status);
    throw error;
  }
}

/** The API's refusal of a rating's fields, in the rating's words. */
function apiFieldErrors(error: ApiError): FieldErrors<RatingField> {
  const errors: FieldErrors<RatingField> = {};
  for (const field of ['stars', 'comment'] as const) {
    if (Array.isArray(error.errors[field])) errors[field] = RATING_WORDS.messageOf(field, '');
  }
  return errors;
}
