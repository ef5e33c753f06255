import { createHash, randomUUID } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CountryCode } from '@malewa/contracts/country-codes';
import type { CheckoutRequest, CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError } from '../app-error.ts';
import type { ClockDeps } from '../clock.ts';
import type { AuthRepository } from '../features/auth/auth-repository.ts';
import type { CartRepository } from '../features/carts/cart-repository.ts';
import { type CartShopper, cartScope } from '../features/carts/cart-shopper.ts';
import { couponContext } from '../features/carts/get-cart.ts';
import { viewCart } from '../features/carts/view-cart.ts';
import type { CatalogRepository } from '../features/catalog/catalog-repository.ts';
import type { NewOrder, OrderRepository } from '../features/orders/order-repository.ts';
import { presentOrder } from '../features/orders/present-order.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';
import { renderMessage, siteLink } from '../messages/templates.ts';
import type { Principal } from '../plugins/access-control.ts';
import { minorPerMajor } from '../pricing/delivery-quote.ts';
import { allocate } from './allocate.ts';

/**
 * Checkout spans the owners of several tables: the cart (carts), the stock and the coupon's
 * uses (catalog), the orders (orders). It runs here, above the features, in one transaction
 * through each owner's repository: the whole checkout happens, or nothing does.
 */
export interface CheckoutDeps extends ClockDeps {
  carts: CartRepository;
  catalog: Pick<CatalogRepository, 'takeStock' | 'countCouponUse'>;
  orders: OrderRepository;
  accounts: Pick<AuthRepository, 'contactOf'>;
  outbox: OutboxRepository;
  publicOrigin: string;
}

type CheckoutData = CheckoutResponse['data'];

function refuse(problem: string): never {
  throw new AppError('BUSINESS_RULE', `Checkout refused: ${problem}`, { fields: { checkout: [problem] } });
}

/**
 * Turns the signed-in shopper's cart of a service into one order per provider, paid once
 * (cash on delivery), under an Idempotency-Key: the same key replays the first answer, the
 * same key with another request is refused, and a checkout still running with that key is a
 * 409. Every amount comes from the catalog at this moment; the address must be within every
 * provider's range, each provider's part must reach its minimum, the coupon must still apply,
 * and the stock must still be there (two shoppers racing for the last one: one order).
 */
export async function checkout(
  deps: CheckoutDeps,
  principal: Principal,
  shopper: CartShopper,
  service: ServiceId,
  idempotencyKey: string,
  request: CheckoutRequest,
): Promise<{ replayed: boolean; data: CheckoutData }> {
  const scope = await cartScope(deps, shopper);
  const owner = { userId: principal.userId };
  const phone = parsePhoneNumberFromString(request.address.phone, scope.market.countryCode as CountryCode);
  if (!phone?.isValid()) {
    throw new AppError('VALIDATION_FAILED', 'Enter a phone number the rider can call', {
      fields: { 'address.phone': ['Enter a phone number of this country'] },
    });
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ service, market: scope.market.countryCode, request }))
    .digest('hex');

  // Read before the transaction: inside it, a second pooled connection could wait on a pool
  // whose every connection is a checkout waiting on this one's locks.
  const contact = await deps.accounts.contactOf(owner.userId);

  return deps.carts.transaction(async (tx) => {
    if (!(await deps.orders.tryHoldKey(tx, owner.userId, idempotencyKey))) {
      throw new AppError('CONFLICT', 'A checkout with this Idempotency-Key is still in progress');
    }
    const previous = await deps.orders.checkoutByKey(tx, owner.userId, idempotencyKey);
    if (previous) {
      if (previous.requestHash !== requestHash) {
        throw new AppError('BUSINESS_RULE', 'This Idempotency-Key was used for another checkout', {
          fields: { 'Idempotency-Key': ['Use a new key for a new checkout'] },
        });
      }
      return { replayed: true, data: previous.response as CheckoutData };
    }

    const cartId = await deps.carts.lockCart(tx, owner, service, scope.market.countryCode);
    const rows = cartId ? await deps.carts.lines(cartId, tx) : [];
    if (!cartId || rows.length === 0) refuse('empty');
    const coupon = await couponContext(deps, cartId, owner, tx);
    const pin = { latitude: request.address.latitude, longitude: request.address.longitude };
    const cart = viewCart(service, scope.market, scope.languages, rows, pin, coupon);
    checkCart(cart);

    if (coupon && cart.coupon && !cart.coupon.problem) {
      if (!(await deps.catalog.countCouponUse(tx, coupon.offer.id))) {
        throw new AppError('BUSINESS_RULE', 'This coupon has been used up', { fields: { coupon: ['used_up'] } });
      }
      await deps.carts.recordRedemption(tx, coupon.offer.id, owner.userId);
    }
    for (const row of rows) {
      if (!(await deps.catalog.takeStock(tx, row.itemId, Math.ceil(row.quantityMilli / 1000)))) {
        throw new AppError('CONFLICT', 'Someone bought the last of an item in your cart: check your cart');
      }
    }

    const checkoutId = randomUUID();
    await deps.orders.insertCheckout(tx, { id: checkoutId, userId: owner.userId, key: idempotencyKey, requestHash });
    const discounts = discountsOf(cart, coupon?.offer.providerSlug ?? null);
    const rowOfLine = new Map(rows.map((row) => [row.id, row]));
    for (const [index, group] of cart.groups.entries()) {
      const providerId = rowOfLine.get(group.lines[0]?.id ?? '')?.provider.id;
      if (!providerId) throw new Error(`No line of ${group.provider.slug} in the cart`);
      const deliveryFee = group.delivery?.fee.amount ?? 0;
      const discount = discounts[index] ?? 0;
      const order: NewOrder = {
        id: randomUUID(),
        checkoutId,
        userId: owner.userId,
        providerId,
        service,
        countryCode: scope.market.countryCode,
        currency: scope.market.currency,
        paymentMethod: 'cash',
        changeFor: request.payment.changeFor ?? null,
        subtotal: group.subtotal.amount,
        deliveryFee,
        discount,
        total: group.subtotal.amount + deliveryFee - discount,
        couponCode: discount > 0 ? (cart.coupon?.code ?? null) : null,
        couponOfferId: discount > 0 ? (coupon?.offer.id ?? null) : null,
        address: request.address,
        etaMinutes: group.delivery?.etaMinutes ?? 0,
        lines: group.lines.map((line) => ({
          itemId: rowOfLine.get(line.id)?.itemId ?? '',
          itemSlug: line.item.slug,
          name: line.item.name,
          choices: line.choices.map((choice) => ({
            option: choice.option,
            choice: choice.choice,
            priceMinor: choice.price.amount,
          })),
          choiceIndexes: line.choiceIndexes,
          quantityMilli: Math.round(line.quantity * 1000),
          unitPrice: line.unitPrice.amount,
          total: line.total.amount,
        })),
      };
      await deps.orders.insertOrder(tx, order);
    }
    await deps.carts.clearCart(tx, cartId);

    const placed = (await deps.orders.ordersOfCheckout(tx, checkoutId)).map(presentOrder);
    const data: CheckoutData = {
      checkoutId,
      orders: placed,
      total: { amount: placed.reduce((sum, order) => sum + order.total.amount, 0), currency: cart.currency },
    };
    await deps.orders.finishCheckout(tx, checkoutId, data);
    if (contact) await deps.outbox.enqueue(tx, receipt(deps.publicOrigin, contact, scope.market.countryCode, data));
    return { replayed: false, data };
  });
}

/** What stands in the way of buying the cart as it is, as the refusal's reason. */
function checkCart(cart: Cart): void {
  for (const group of cart.groups) {
    if (group.lines.some((line) => line.problems.some((problem) => problem !== 'price_changed')))
      refuse('cart_changed');
  }
  for (const group of cart.groups) {
    if (!group.deliversHere) refuse(`out_of_range:${group.provider.slug}`);
    if (group.belowMinimum) refuse(`below_minimum:${group.provider.slug}`);
  }
  if (cart.coupon?.problem) {
    throw new AppError('BUSINESS_RULE', 'The coupon no longer applies', { fields: { coupon: [cart.coupon.problem] } });
  }
}

/**
 * The cart's discount shared out over its orders: free delivery is each order's own fee; a
 * provider's coupon all on that provider's order; a coupon of the service in proportion to
 * each order's subtotal, in whole minor units that add up to the cart's discount.
 */
function discountsOf(cart: Cart, providerSlug: string | null): number[] {
  const total = cart.discount.amount;
  if (total === 0 || !cart.coupon) return cart.groups.map(() => 0);
  if (cart.coupon.kind === 'free-delivery') {
    return cart.groups.map((group) =>
      !providerSlug || group.provider.slug === providerSlug ? (group.delivery?.fee.amount ?? 0) : 0,
    );
  }
  const weights = cart.groups.map((group) =>
    !providerSlug || group.provider.slug === providerSlug ? group.subtotal.amount : 0,
  );
  return allocate(total, weights);
}

/**
 * The receipt of a checkout, in the shopper's language, with each provider's total written as
 * the market writes money: email for an address, SMS for a phone number.
 */
function receipt(
  publicOrigin: string,
  contact: { identifier: string; locale: string },
  countryCode: string,
  data: CheckoutData,
) {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(`${contact.locale}-${countryCode}`, {
      style: 'currency',
      currency: data.total.currency,
    });
  } catch {
    format = new Intl.NumberFormat('en', { style: 'currency', currency: data.total.currency });
  }
  const perMajor = minorPerMajor(data.total.currency);
  const major = (amount: number) => format.format(amount / perMajor);
  const { subject, body } = renderMessage('receipt', contact.locale, {
    orders: data.orders.map((order) => `• ${order.provider.name}: ${major(order.total.amount)}`).join('\n'),
    total: major(data.total.amount),
    link: siteLink(publicOrigin, contact.locale, '/account/orders'),
  });
  return {
    channel: contact.identifier.includes('@') ? ('email' as const) : ('sms' as const),
    recipient: contact.identifier,
    template: 'receipt',
    locale: contact.locale,
    subject,
    body,
  };
}
