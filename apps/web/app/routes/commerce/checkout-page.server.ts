import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  ZCheckoutRequestSchema,
  ZCheckoutResponseSchema,
} from '@malewa/contracts/orders/checkout';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { placeContext } from '../../context.ts';
import { getCart } from '../../features/commerce/cart-api.server.ts';
import { ApiError, apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { vocabularyOf } from '../../platform/i18n/vocabulary.server.ts';
import { currencyDigits } from '../../platform/money/format-money.ts';
import { loadMe } from '../../platform/session/me.server.ts';
import { loginPathFor, requireSignedIn } from '../../platform/session/session.server.ts';
import { cartService } from './cart-page.server.ts';

type Context = Readonly<RouterContextProvider>;

export const ADDRESS_FIELDS = [
  'recipient',
  'phone',
  'line',
  'area',
  'city',
  'postalCode',
  'instructions',
  'latitude',
  'longitude',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

/**
 * The checkout of one service's cart, for a signed-in shopper (a guest signs in first and comes
 * back; their cart comes with them). The delivery point starts at the centre of the shopper's
 * place: the map moves it where JavaScript runs, and without it the landmarks tell the rider.
 * A fresh idempotency key per page: sending the form twice places the order once.
 */
export async function loadCheckoutPage(url: URL, request: Request, context: Context, param: string | undefined) {
  requireSignedIn(context, url);
  const service = cartService(context, param);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  try {
    const [cart, me] = await Promise.all([getCart(context, request, service), loadMe(context, request)]);
    if (cart.lineCount === 0) throw redirect(localizePath(`/cart/${service}`, locale.code));
    const place = context.get(placeContext).place;
    const address: AddressValues = {
      recipient: `${me.user.name} ${me.user.surname}`.trim(),
      phone: me.user.phone ?? '',
      line: '',
      area: '',
      city: place?.name ?? '',
      postalCode: '',
      instructions: '',
      latitude: place ? String(place.latitude) : '',
      longitude: place ? String(place.longitude) : '',
    };
    return {
      service,
      cart,
      address,
      place: place ? { name: place.name, latitude: place.latitude, longitude: place.longitude } : null,
      idempotencyKey: randomUUID(),
      vocabulary: vocabularyOf(locale.code, cart.groups),
      messageBundles: [pageMessageBundle.commerce(locale.code)],
      title: `${t('commerce.checkout.title')} | ${t('site.name')}`,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPathFor(url));
    throw error;
  }
}

export type CheckoutOutcome = {
  status: 'invalid';
  values: AddressValues;
  changeFor: string;
  errors: Partial<Record<AddressField | 'changeFor' | 'form', MessageKey>>;
  /** The shop that does not deliver to the pin, when that is the reason. */
  provider?: string;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** "500" or "1 000" or "1,000.50" in the market's major units → minor units; NaN if not a sum. */
export function minorUnitsOf(value: string, exponent: number): number {
  const plain = value.replace(/[\s\u00a0\u202f,']/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * 10 ** exponent);
}

/**
 * Places the orders (POST /carts/{service}/checkout), then shows them on their confirmation
 * page. A refusal comes back to the form with everything typed kept; a cart that changed
 * meanwhile sends the shopper to the cart, which says what changed.
 */
export async function submitCheckout(url: URL, request: Request, context: Context, param: string | undefined) {
  const session = requireSignedIn(context, url);
  const service = cartService(context, param);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const values = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(form, field)])) as AddressValues;
  const changeForText = text(form, 'changeFor');
  const invalid = (errors: CheckoutOutcome['errors'], status = 400, provider?: string) =>
    data<CheckoutOutcome>({ status: 'invalid', values, changeFor: changeForText, errors, provider }, { status });

  const key = text(form, 'idempotencyKey');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return invalid({ form: 'commerce.error.failed' });
  const cart = await getCart(context, request, service);
  const changeFor = changeForText === '' ? undefined : minorUnitsOf(changeForText, currencyDigits(cart.total.currency));
  if (changeFor !== undefined && !(changeFor > 0 && changeFor >= cart.total.amount)) {
    return invalid({ changeFor: 'commerce.checkout.error.changeFor' });
  }
  const parsed = ZCheckoutRequestSchema.safeParse({
    address: {
      recipient: values.recipient,
      phone: values.phone,
      line: values.line,
      area: values.area,
      city: values.city,
      postalCode: values.postalCode || undefined,
      latitude: Number.parseFloat(values.latitude),
      longitude: Number.parseFloat(values.longitude),
      instructions: values.instructions || undefined,
    },
    payment: { method: 'cash', ...(changeFor === undefined ? {} : { changeFor }) },
  });
  if (!parsed.success) {
    const errors: CheckoutOutcome['errors'] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[1] ?? '');
      if ((ADDRESS_FIELDS as readonly string[]).includes(field)) {
        errors[field as AddressField] =
          field === 'latitude' || field === 'longitude'
            ? 'commerce.checkout.error.pin'
            : 'commerce.checkout.error.required';
      }
    }
    if (Object.keys(errors).length === 0) errors.form = 'commerce.error.failed';
    return invalid(errors);
  }

  try {
    const placed = await apiClientFor(context, request, session).request(
      'base',
      'POST',
      `/carts/${service}/checkout`,
      ZCheckoutResponseSchema,
      { body: parsed.data, headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
    );
    notify(context, {
      type: 'success',
      title: t('commerce.placed.toast', { count: placed.data.orders.length }),
      message: '',
    });
    throw redirect(localizePath(`/account/orders/placed/${placed.data.checkoutId}`, locale.code));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw redirect(loginPathFor(url));
    if (error.status === 409) return invalid({ form: 'commerce.checkout.error.inFlight' }, 409);
    const problem = Array.isArray(error.errors.checkout) ? String(error.errors.checkout[0] ?? '') : '';
    if (Array.isArray(error.errors['address.phone']) || problem === 'phone') {
      return invalid({ phone: 'commerce.checkout.error.phone' }, 422);
    }
    if (problem.startsWith('out_of_range')) {
      const slug = problem.split(':')[1] ?? '';
      const name = cart.groups.find((group) => group.provider.slug === slug)?.provider.name ?? slug;
      return invalid({ form: 'commerce.checkout.error.outOfRange' }, 422, name);
    }
    if (error.status === 422 || error.status === 404) {
      // The cart changed (sold out, below a minimum, a coupon used up): the cart says what.
      notify(context, { type: 'warning', title: t('commerce.checkout.error.cartChanged'), message: '' });
      throw redirect(localizePath(`/cart/${service}`, locale.code));
    }
    if (error.status < 500) return invalid({ form: 'commerce.error.failed' }, error.status);
    throw error;
  }
}
