import { applyCouponEndpoint } from '@malewa/contracts/carts/apply-coupon';
import {
  type Cart,
  MAX_LINE_QUANTITY,
  SUBSTITUTION_PREFERENCES,
  type SubstitutionPreference,
} from '@malewa/contracts/carts/cart';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { SERVICE_IDS, type ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { configContext } from '#app/context.ts';
import {
  addCartLine,
  applyCoupon,
  getCart,
  removeCartLine,
  removeCoupon,
  updateCartLine,
} from '#app/features/commerce/cart-api.server.ts';
import { bookingSpan } from '#app/features/commerce/schedule-times.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { refused, textOf } from '#app/platform/forms/form.server.ts';
import { localeOfPath, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { returnPathOf } from '#app/platform/navigation/return-to.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** `/fr/cart/food/checkout` → `food`: the cart routes are static per service (routes.ts). */
export function serviceOfCartPath(url: URL): string | undefined {
  return unlocalizePath(url.pathname.replace(/\.data$/, '')).split('/')[2];
}

/** The service of a cart address, when it is one this storefront offers; a 404 otherwise. */
export function cartService(context: Context, param: string | undefined): ServiceId {
  const service = SERVICE_IDS.find((id) => id === param);
  if (!service || !context.get(configContext).enabledServices.includes(service)) throw data(null, { status: 404 });
  return service;
}

/** The cart of one service, as the API prices it, with the labels and texts its page needs. */
export async function loadCartPage(url: URL, request: Request, context: Context, param: string | undefined) {
  const service = cartService(context, param);
  const locale = localeOfPath(url.pathname);
  const cart = await getCart(context, request, service);
  const t = translatorFor(locale.code);
  return {
    service,
    cart,
    bookingTimes: bookingTimesOf(cart, locale.iso),
    signedIn: sessionOf(context).signedIn,
    vocabulary: vocabularyOf(locale.code, cart.groups),
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.cart.title', { service: t(`service.${service}.name`) })} | ${t('site.name')}`,
  };
}

/** Each booked line's date and times, in the page's language on the chef's clock. */
export function bookingTimesOf(cart: Cart, language: string): Record<string, string> {
  return Object.fromEntries(
    cart.groups.flatMap((group) =>
      group.lines.flatMap((line) =>
        line.booking ? [[line.id, bookingSpan(line.booking, language, cart.countryCode)]] : [],
      ),
    ),
  );
}

/**
 * What a refused cart form kept: the line it was about ('' for the cart's own forms) and what
 * was typed in it, as typed (a line's quantity and substitution, the coupon's code), to put back.
 */
export interface CartValues {
  lineId: string;
  quantity?: string;
  substitution?: string;
  code?: string;
}

/** The typed fields of a cart form, untrimmed; a field the form did not send is left out. */
function cartValuesOf(form: FormData, lineId: string): CartValues {
  const values: CartValues = { lineId };
  for (const field of ['quantity', 'substitution', 'code'] as const) {
    if (form.has(field)) values[field] = textOf(form, field, { trim: false });
  }
  return values;
}

/** A refused coupon's details: the subtotal it needs. */
export interface CartDetails {
  minimum?: Money;
}

/** "1.5" or "1,5" (a comma where the shopper's keyboard has one); NaN for anything else. */
export function quantityOf(value: string): number {
  if (!/^\d{1,3}([.,]\d{1,3})?$/.test(value)) return Number.NaN;
  return Number(value.replace(',', '.'));
}

function substitutionOf(value: string): SubstitutionPreference | undefined {
  return (SUBSTITUTION_PREFERENCES as readonly string[]).includes(value)
    ? (value as SubstitutionPreference)
    : undefined;
}

/** The chosen options of an item form: `option-0=1`, `option-1=0&option-1=2` → [[1], [0, 2]]. */
export function choicesOf(form: FormData): number[][] | null {
  const choices: number[][] = [];
  for (let index = 0; index < 20; index++) {
    const values = form.getAll(`option-${index}`).map(String);
    if (values.length === 0 && !form.has(`options-${index}`)) break;
    const picked = values.map((value) => (/^\d{1,2}$/.test(value) ? Number(value) : Number.NaN));
    if (picked.some(Number.isNaN)) return null;
    choices.push(picked);
  }
  return choices;
}

/** Why the API refused a change to a cart, in words the page can show. */
export function refusalReason(error: ApiError): MessageKey {
  if (error.status === 404) return 'commerce.error.gone';
  if (error.status === 409) return 'commerce.error.stock';
  const coupon = problemOf(error, applyCouponEndpoint);
  if (coupon) return `commerce.coupon.problem.${coupon.code}`;
  const fields = error.errors;
  if (Array.isArray(fields.quantity)) return 'commerce.error.quantity';
  if (Array.isArray(fields.choices)) return 'commerce.error.choices';
  if (Array.isArray(fields.substitute)) return 'commerce.substitution.notOfShop';
  if (error.status === 422) return 'commerce.error.limit';
  return 'commerce.error.failed';
}

/**
 * The cart page's forms, and the item pages' "add to cart" (which posts here): add, change a
 * quantity or substitution, remove, put on or take off a coupon. Plain posts, so each works
 * without JavaScript; a refusal comes back to the page it was made on, with what was typed.
 */
export async function submitCartForm(url: URL, request: Request, context: Context, param: string | undefined) {
  const service = cartService(context, param);
  const form = await request.formData();
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const intent = textOf(form, 'intent');
  const lineId = textOf(form, 'lineId');
  const values = cartValuesOf(form, lineId);
  const refuse = (reason: MessageKey, status = 400, minimum?: Money) =>
    refused<CartValues, CartDetails>(values, reason, status, { intent, ...(minimum ? { details: { minimum } } : {}) });
  // A cart line gone or a coupon code nobody has is this page's to say, not a 404 page.
  const signedIn = <T>(call: () => Promise<T>) => signedInCall(url, call, { notFound: 'caller' });
  const cartPath = localizePath(`/cart/${service}`, locale.code);
  try {
    switch (intent) {
      case 'add': {
        const quantity = quantityOf(textOf(form, 'quantity') || '1');
        const choices = choicesOf(form);
        const back = returnPathOf(textOf(form, 'returnTo'));
        const backTo = back ? `${back.pathname}${back.search}` : cartPath;
        if (!(quantity > 0 && quantity <= MAX_LINE_QUANTITY) || choices === null) {
          showToast(context, { type: 'error', title: t('commerce.add.failed'), message: t('commerce.error.quantity') });
          throw redirect(backTo);
        }
        const item = textOf(form, 'item');
        try {
          const cart = await signedIn(() =>
            addCartLine(context, request, service, {
              item,
              quantity,
              choices,
              substitution: substitutionOf(textOf(form, 'substitution')),
            }),
          );
          showToast(context, {
            type: 'success',
            title: t('commerce.add.done'),
            message: t('commerce.add.inCart', { count: cart.lineCount }),
          });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
          showToast(context, { type: 'error', title: t('commerce.add.failed'), message: t(refusalReason(error)) });
        }
        // Back where the shopper was: the toast says it is in the cart, the header counts it.
        throw redirect(backTo);
      }
      case 'update': {
        if (!lineId) return refuse('commerce.error.gone', 404);
        // A booking's line and the "this one instead" page send no quantity: it stays.
        const quantity = form.has('quantity') ? quantityOf(textOf(form, 'quantity')) : undefined;
        const chosen = substitutionOf(textOf(form, 'substitution'));
        const substitute = textOf(form, 'substitute');
        // "This one instead" is named on its own page; the cart's select keeps it as it is.
        const substitution = chosen === 'specific' && substitute === '' ? undefined : chosen;
        if (quantity !== undefined && (Number.isNaN(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY)) {
          return refuse('commerce.error.quantity');
        }
        if (quantity === 0) await signedIn(() => removeCartLine(context, request, service, lineId));
        else if (quantity !== undefined || substitution !== undefined) {
          await signedIn(() =>
            updateCartLine(context, request, service, lineId, {
              ...(quantity === undefined ? {} : { quantity }),
              ...(substitution === undefined ? {} : { substitution }),
              ...(substitution === 'specific' ? { substitute } : {}),
            }),
          );
        }
        if (substitution === 'specific') {
          showToast(context, { type: 'success', title: t('commerce.substitution.saved'), message: '' });
        }
        break;
      }
      case 'remove':
        if (!lineId) return refuse('commerce.error.gone', 404);
        await signedIn(() => removeCartLine(context, request, service, lineId));
        break;
      case 'coupon': {
        const code = textOf(form, 'code').toUpperCase();
        if (!/^[A-Z0-9]{4,20}$/.test(code)) return refuse('commerce.coupon.format');
        await signedIn(() => applyCoupon(context, request, service, code));
        showToast(context, { type: 'success', title: t('commerce.coupon.applied', { code }), message: '' });
        break;
      }
      case 'coupon-remove':
        await signedIn(() => removeCoupon(context, request, service));
        break;
      default:
        return refuse('commerce.error.failed');
    }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      if (error.status === 404 && intent === 'coupon') return refuse('commerce.coupon.unknown', 404);
      const coupon = problemOf(error, applyCouponEndpoint);
      if (intent === 'coupon' && !coupon) return refuse('commerce.coupon.refused', error.status);
      const minimum = coupon?.code === 'below_minimum' ? coupon.minimumSubtotal : undefined;
      return refuse(refusalReason(error), error.status, minimum);
    }
    throw error;
  }
  // Post, redirect, get: a refresh does not send the change again.
  throw redirect(`${cartPath}${url.search}`);
}
