import { randomUUID } from 'node:crypto';
import { getCreditEndpoint } from '@malewa/contracts/account/get-credit';
import { type Cart, ZDeliveryPointQuerySchema } from '@malewa/contracts/carts/cart';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { checkoutEndpoint, ZCheckoutRequestSchema } from '@malewa/contracts/orders/checkout';
import { checkoutAllEndpoint } from '@malewa/contracts/orders/checkout-all';
import { type DeliveryAddress, MARKET_MOBILE_MONEY } from '@malewa/contracts/orders/order';
import { listSavedCardsEndpoint } from '@malewa/contracts/payments/list-payments';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@malewa/contracts/request-headers';
import { type RouterContextProvider, redirect } from 'react-router';
import { placeContext } from '#app/context.ts';
import { createAddress, listAddresses } from '#app/features/commerce/address-api.server.ts';
import type { AddressField, AddressValues } from '#app/features/commerce/address-fields.tsx';
import { addressValuesOf, freshAddressValues, readAddress } from '#app/features/commerce/address-form.server.ts';
import {
  type DeliveryPin,
  getCart,
  listDeliverySlots,
  servicesWithLines,
} from '#app/features/commerce/cart-api.server.ts';
import { combineCarts } from '#app/features/commerce/combined-cart.ts';
import { deliveryWindows, SHOW_DAY } from '#app/features/commerce/schedule-times.ts';
import { ApiError, apiClientFor, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid as invalidForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { type Locale, type LocaleCode, localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { minorOf } from '#app/platform/money/minor-units.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn, sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { bookingTimesOf, cartService } from './cart-page.server.ts';

type Context = Readonly<RouterContextProvider>;

/** `/cart/checkout`'s param: every cart of the shopper, paid together. */
export const ALL_CARTS = 'all';

/**
 * The carts a checkout page is for: one service's (`/cart/{service}/checkout`), or every cart
 * the shopper has lines in (`/cart/checkout`, "pay all carts"; with fewer than two it is the
 * one cart's checkout), and the one cart the page shows: that cart, or theirs combined.
 */
async function cartsOfCheckout(
  context: Context,
  request: Request,
  locale: LocaleCode,
  param: string | undefined,
  pin: DeliveryPin | undefined,
) {
  if (param !== ALL_CARTS) {
    const service = cartService(context, param);
    const cart = await getCart(context, request, service, pin);
    if (cart.lineCount === 0) throw redirect(localizePath(`/cart/${service}`, locale));
    return { all: false, services: [service], cart };
  }
  const services = await servicesWithLines(context, request);
  if (services.length === 0) throw redirect(localizePath('/cart', locale));
  if (services.length === 1) throw redirect(localizePath(`/cart/${services[0]}/checkout`, locale));
  const carts = await Promise.all(services.map((service) => getCart(context, request, service, pin)));
  return { all: true, services, cart: combineCarts(carts) };
}

type Checkout = Awaited<ReturnType<typeof cartsOfCheckout>>;

/**
 * The order as it would go to one pin: what it comes to (delivery fees grow with the distance),
 * its delivery windows (a single cart but a chef's: the ride is part of each shop's lead time),
 * the days listed and one day's windows written out (`day`: the one asked for, else the day of
 * the window `kept`, else the first), how soon it comes, and the shops that cannot take an
 * order for as soon as possible now. The page shows it for the address first chosen, and
 * again, with a refusal, for the address sent.
 */
async function deliveryTo(
  context: Context,
  request: Request,
  locale: Locale,
  { all, services, cart }: Checkout,
  pin: DeliveryPin | undefined,
  day: { wanted?: string | null; kept?: string | null } = {},
) {
  const [service = 'food'] = services;
  // A chef cart's time is its bookings', and carts paid together go as soon as they can:
  // no delivery windows to ask for.
  const slots = all || service === 'chef' ? null : await listDeliverySlots(context, request, service, pin);
  return {
    cart,
    windows: slots
      ? deliveryWindows(
          slots.slots,
          slots.slotMinutes,
          { timeZone: slots.timeZone, language: locale.iso, market: cart.countryCode },
          day,
        )
      : null,
    soonestMinutes: Math.max(0, ...cart.groups.map((group) => group.delivery?.etaMinutes ?? 0)),
    // Shops that cannot take an order for as soon as possible now (closed, or closing first):
    // the order needs a delivery window instead.
    closedNow: cart.groups.filter((group) => group.deliversNow === false).map((group) => group.provider.name),
    // Shops that do not deliver to the pin: checkout would refuse them, so the page says so first.
    outOfReach: cart.groups.filter((group) => group.deliversHere === false).map((group) => group.provider.name),
  };
}

export type DeliveryView = Awaited<ReturnType<typeof deliveryTo>>;

/**
 * The checkout of one service's cart, for a signed-in shopper (a guest signs in first and comes
 * back; their cart comes with them). The order is priced and timed for the saved address picked
 * (`?to=`) or the shopper's default; without one, the delivery point starts at the centre of the
 * shopper's place: the map moves it where JavaScript runs, and without it the landmarks tell the
 * rider.
 * A fresh idempotency key per page: sending the form twice places the order once.
 */
export async function loadCheckoutPage(url: URL, request: Request, context: Context, param: string | undefined) {
  requireSignedIn(context, url);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  // `?to=`: the address the shopper picked on this page (the page reloads for it, priced
  // there); `new`, the one they are about to type; else their default.
  const to = url.searchParams.get('to');
  const api = apiClientFor(context, request, sessionOf(context));
  const toAddress = async () => {
    const saved = await listAddresses(context, request);
    const preferred =
      to === 'new' ? undefined : (saved.find((entry) => entry.id === to) ?? saved.find((entry) => entry.isDefault));
    // A new address's pin, once put on the map (`&lat=&lng=`): the order is priced there.
    const pin =
      preferred ?? (to === 'new' ? pinOf(url.searchParams.get('lat'), url.searchParams.get('lng')) : undefined);
    const checkout = await cartsOfCheckout(context, request, locale.code, param, pin);
    // The credit that can pay these carts is in their currency, whatever the account's market;
    // asked beside the delivery, not after it.
    const [delivery, credit] = await Promise.all([
      deliveryTo(context, request, locale, checkout, pin, { wanted: url.searchParams.get('day') }),
      api.call(getCreditEndpoint, { query: { currency: checkout.cart.currency } }),
    ]);
    return { saved, preferred, checkout, delivery, credit };
  };
  const [me, cards, { saved, preferred, checkout, delivery, credit }] = await signedInCall(
    url,
    () => Promise.all([loadMe(context, request), api.call(listSavedCardsEndpoint, {}), toAddress()]),
    { notFound: 'caller' },
  );
  const { all, services, cart } = checkout;
  const [service = 'food'] = services;
  const place = context.get(placeContext).place;
  const address = freshAddressValues(me.user, place);
  return {
    service,
    all,
    services,
    address,
    saved,
    chosen: preferred?.id ?? 'new',
    mobileMoney: MARKET_MOBILE_MONEY[cart.countryCode],
    cards: cards.data,
    payPhone: me.user.phone ?? '',
    place: place ? { name: place.name, latitude: place.latitude, longitude: place.longitude } : null,
    idempotencyKey: randomUUID(),
    delivery,
    bookingTimes: bookingTimesOf(cart, locale.iso),
    tips: tipChoices(cart),
    // Credit in the cart's currency, to pay with first; none: the choice is not offered.
    credit: credit.data.balanceMinor > 0 ? { amount: credit.data.balanceMinor, currency: cart.currency } : null,
    vocabulary: vocabularyOf(locale.code, cart.groups),
    messageBundles: [pageMessageBundle.commerce(locale.code)],
    title: `${t('commerce.checkout.title')} | ${t('site.name')}`,
  };
}

/** The tips a checkout offers at a touch: none, or 5, 10 or 15 % of the goods after discounts. */
const TIP_PERCENTS = [5, 10, 15] as const;

function goodsAfterDiscounts(cart: Cart): number {
  return cart.groups.reduce(
    (sum, group) =>
      sum +
      group.subtotal.amount -
      group.discounts.reduce((off, line) => off + (line.appliesTo === 'goods' ? line.amount.amount : 0), 0),
    0,
  );
}

/** Each preset as the amount it comes to, in minor units (rounded down: a tip never exceeds what was chosen). */
export function tipChoices(cart: Cart): { percent: number; amount: Money }[] {
  const goods = goodsAfterDiscounts(cart);
  return TIP_PERCENTS.map((percent) => ({
    percent,
    amount: { amount: Math.floor((goods * percent) / 100), currency: cart.currency },
  }));
}

/**
 * The tip chosen on the form, in minor units: a preset's percent (`tip=10`), none (`tip=0`),
 * or an amount typed in major units (`tip=other`, `tipAmount`); undefined when the amount is
 * not one.
 */
export function tipOf(tip: string, typed: string, cart: Cart): number | undefined {
  if (tip === '' || tip === '0') return 0;
  if (tip === 'other') return typed === '' ? 0 : minorOf(typed, cart.currency);
  const preset = tipChoices(cart).find((choice) => String(choice.percent) === tip);
  return preset?.amount.amount;
}

/** A latitude and longitude as typed or sent, read as the API reads them for a cart; else none. */
function pinOf(lat: string | null, lng: string | null): DeliveryPin | undefined {
  // An empty value is no coordinate (coerced, it would be 0).
  if (!lat || !lng) return undefined;
  const point = ZDeliveryPointQuerySchema.safeParse({ lat, lng });
  if (!point.success || point.data.lat === undefined || point.data.lng === undefined) return undefined;
  return { latitude: point.data.lat, longitude: point.data.lng };
}

/** The refusals of checkout that name one shop of the order the form says, and how. */
const SHOP_REFUSALS: Record<'closed' | 'out_of_range', MessageKey> = {
  closed: 'commerce.checkout.error.closed',
  out_of_range: 'commerce.checkout.error.outOfRange',
};

/** The checkout form as typed: the address, and which saved one, payment and time were chosen. */
export type CheckoutValues = AddressValues & {
  chosen: string;
  changeFor: string;
  method: string;
  payPhone: string;
  deliverAt: string;
  tip: string;
  tipAmount: string;
  useCredit: string;
};
export type CheckoutField = AddressField | 'changeFor' | 'payPhone' | 'deliverAt' | 'tipAmount';

/** What a refusal about where or when comes back with. */
export interface CheckoutDetails {
  /** The shop that does not deliver to the pin, when that is the reason. */
  provider?: string;
  /** The order as it would go to the address sent. */
  delivery?: DeliveryView;
}

/**
 * Places the orders (POST /carts/{service}/checkout), then shows them on their confirmation
 * page. A refusal comes back to the form with everything typed kept; a cart that changed
 * meanwhile sends the shopper to the cart, which says what changed.
 */
export async function submitCheckout(url: URL, request: Request, context: Context, param: string | undefined) {
  const session = requireSignedIn(context, url);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const values: CheckoutValues = {
    ...addressValuesOf(form),
    chosen: textOf(form, 'addressId') || 'new',
    changeFor: textOf(form, 'changeFor'),
    method: textOf(form, 'method') || 'cash',
    payPhone: textOf(form, 'payPhone'),
    deliverAt: textOf(form, 'deliverAt'),
    tip: textOf(form, 'tip'),
    tipAmount: textOf(form, 'tipAmount'),
    useCredit: form.get('useCredit') === 'on' ? 'on' : '',
  };
  const { chosen, changeFor: changeForText, method, payPhone, deliverAt } = values;
  // The total the page showed: the API places nothing for another (`total_changed`).
  const shownTotal = textOf(form, 'expectedTotal');
  const expectedTotal = /^\d{1,13}$/.test(shownTotal) ? Number(shownTotal) : undefined;
  const invalid = (errors: FieldErrors<CheckoutField>, status = 400, details?: CheckoutDetails) =>
    invalidForm<CheckoutValues, CheckoutField, CheckoutDetails>(values, errors, {
      status,
      ...(details && { details }),
    });
  // The API's no, for a reason that names no field: said above the form.
  const refuse = (reason: MessageKey, status: number, details?: CheckoutDetails) =>
    refused<CheckoutValues, CheckoutDetails>(values, reason, status, details && { details });

  // The day whose windows the page shows after a refusal: the one the form showed.
  const day = { wanted: textOf(form, 'day'), kept: deliverAt };
  const saved = await listAddresses(context, request);
  if (textOf(form, 'intent') === SHOW_DAY) {
    // Without JavaScript, another day's windows come by sending the form: back with everything
    // typed kept, and that day's windows for the address chosen (a new one's pin, if put).
    const pin =
      chosen === 'new' ? pinOf(values.latitude, values.longitude) : saved.find((entry) => entry.id === chosen);
    const shown = await cartsOfCheckout(context, request, locale.code, param, pin);
    const delivery = await deliveryTo(context, request, locale, shown, pin, { wanted: day.wanted });
    return invalidForm<CheckoutValues, CheckoutField, CheckoutDetails>(
      values,
      {},
      {
        status: 200,
        intent: SHOW_DAY,
        details: { delivery },
      },
    );
  }
  const key = textOf(form, 'idempotencyKey');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return invalid({ form: 'commerce.error.failed' });
  // A saved address as it is kept (another shopper's id finds nothing), or the one typed.
  let address: DeliveryAddress;
  if (chosen !== 'new') {
    const kept = saved.find((entry) => entry.id === chosen);
    if (!kept) return invalid({ form: 'commerce.checkout.error.address' });
    const { id: _id, label: _label, countryCode: _country, isDefault: _default, ...fields } = kept;
    address = fields;
  } else {
    const read = readAddress(values);
    if (!read.ok) return invalid(read.errors);
    address = read.address;
  }
  // The order as the API will price it: for delivery to this address's pin.
  const checkout = await cartsOfCheckout(context, request, locale.code, param, address);
  const { all, services, cart } = checkout;
  const [service = 'food'] = services;
  const cartPath = localizePath(all ? '/cart' : `/cart/${service}`, locale.code);
  // The note a cash payer hands over: in major units, as people write them.
  const changeFor = changeForText === '' ? undefined : minorOf(changeForText, cart.total.currency);
  if (changeForText !== '' && (changeFor === undefined || changeFor < cart.total.amount)) {
    return invalid({ changeFor: 'commerce.checkout.error.changeFor' });
  }
  const tip = tipOf(values.tip, values.tipAmount, cart);
  if (tip === undefined) return invalid({ tipAmount: 'commerce.checkout.error.tip' });
  const mobile = (MARKET_MOBILE_MONEY[cart.countryCode] as readonly string[]).includes(method);
  // `card` is a new card (on the gateway's page); `card:<id>` one the shopper saved.
  const card = method === 'card' || method.startsWith('card:');
  if (method !== 'cash' && !mobile && !card) return invalid({ form: 'commerce.checkout.error.paymentMethod' });
  if (mobile && payPhone === '') return invalid({ payPhone: 'commerce.checkout.error.paymentPhone' });
  const savedCard = method.startsWith('card:') ? method.slice(5) : undefined;
  const parsed = ZCheckoutRequestSchema.safeParse({
    address,
    ...(deliverAt === '' ? {} : { deliverAt }),
    ...(expectedTotal === undefined ? {} : { expectedTotal }),
    ...(tip > 0 ? { tip } : {}),
    ...(values.useCredit === 'on' ? { useCredit: true } : {}),
    payment: mobile
      ? { method, phone: payPhone }
      : card
        ? { method: 'card', ...(savedCard ? { savedCard } : { saveCard: form.get('saveCard') === 'on' }) }
        : { method: 'cash', ...(changeFor === undefined ? {} : { changeFor }) },
  });
  if (!parsed.success) {
    const badWindow = parsed.error.issues.some((issue) => issue.path[0] === 'deliverAt');
    return invalid(badWindow ? { deliverAt: 'commerce.checkout.error.slot' } : { form: 'commerce.error.failed' });
  }

  try {
    const api = apiClientFor(context, request, session);
    const headers = { [IDEMPOTENCY_KEY_HEADER]: key };
    const answer = await signedInCall(
      url,
      () =>
        all
          ? api.call(checkoutAllEndpoint, { body: { ...parsed.data, services }, headers })
          : api.call(checkoutEndpoint, { params: { service }, body: parsed.data, headers }),
      { notFound: 'caller' },
    );
    if (chosen === 'new' && form.get('keepAddress') === 'on') {
      // Kept for next time; the orders are placed whether or not this works.
      await createAddress(context, request, { ...address, label: address.area, isDefault: false }).catch(() => {});
    }
    if ('payment' in answer.data) {
      // Mobile money: the prompt is on the phone; its page waits for the answer.
      throw redirect(
        localizePath(`/cart/${answer.data.payment.service}/payment/${answer.data.payment.id}`, locale.code),
      );
    }
    const placed = { data: answer.data };
    showToast(context, {
      type: 'success',
      title: t('commerce.placed.toast', { count: placed.data.orders.length }),
      message: '',
    });
    throw redirect(localizePath(`/account/orders/placed/${placed.data.checkoutId}`, locale.code));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return refuse('commerce.checkout.error.inFlight', 409);
    // Both checkouts refuse with the same problems.
    const problem = problemOf(error, checkoutEndpoint);
    if (Array.isArray(error.errors['address.phone'])) return invalid({ phone: 'commerce.checkout.error.phone' }, 422);
    if (Array.isArray(error.errors.tip)) return invalid({ tipAmount: 'commerce.checkout.error.tip' });
    if (Array.isArray(error.errors['payment.phone']))
      return invalid({ payPhone: 'commerce.checkout.error.paymentPhone' });
    if (problem?.code === 'payment_method') return refuse('commerce.checkout.error.paymentMethod', 422);
    // Refusals about where or when come back with the order as it would go to the address sent:
    // its fees, and the windows and "as soon as possible" that hold there now.
    const atAddress = () => deliveryTo(context, request, locale, checkout, address, day);
    // The order comes to another total at the address sent than the page showed (the pin was
    // moved, another address picked without JavaScript, a price changed): shown, not placed.
    if (problem?.code === 'total_changed') {
      return refuse('commerce.checkout.error.totalChanged', 422, { delivery: await atAddress() });
    }
    // The window is gone (the shops close, or it is too soon now, or for a door this far): choose another.
    if (problem?.code === 'slot') {
      return invalid({ deliverAt: 'commerce.checkout.error.slot' }, 422, { delivery: await atAddress() });
    }
    // A refusal that names a shop: `closed` (it closed, or closes before it could deliver
    // here, since the page was made: windows instead) or `out_of_range`.
    if (problem?.code === 'closed' || problem?.code === 'out_of_range') {
      const { shop } = problem;
      const provider = cart.groups.find((group) => group.provider.slug === shop)?.provider.name ?? shop;
      return refuse(SHOP_REFUSALS[problem.code], 422, { provider, delivery: await atAddress() });
    }
    if (error.status === 422 || error.status === 404) {
      // The cart changed (sold out, below a minimum, a coupon used up): the cart says what.
      showToast(context, { type: 'warning', title: t('commerce.checkout.error.cartChanged'), message: '' });
      throw redirect(cartPath);
    }
    if (error.status < 500) return refuse('commerce.error.failed', error.status);
    throw error;
  }
}
