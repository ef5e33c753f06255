import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CountryCode } from '@malewa/contracts/country-codes';
import type { CheckoutProblem, CheckoutRequest, CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { MARKET_MOBILE_MONEY, type Order, type PaymentMethod } from '@malewa/contracts/orders/order';
import type { Payment } from '@malewa/contracts/payments/payment';
import { AppError } from '../app-error.ts';
import { type ClockDeps, clock } from '../clock.ts';
import { announceOrdersPlaced, type OrderMoveDeps } from '../events/order-moves.ts';
import type { AccountRepository } from '../features/account/account-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { BookingCalendar } from '../features/carts/booking-calendar.ts';
import type { CartLineRow, CartRepository } from '../features/carts/cart-repository.ts';
import { type CartScope, type CartShopper, cartScope } from '../features/carts/cart-shopper.ts';
import { COUPON_PROBLEM_MESSAGES, couponRefusal } from '../features/carts/evaluate-coupon.ts';
import { couponContext, takenBookings } from '../features/carts/get-cart.ts';
import { slotShops } from '../features/carts/list-delivery-slots.ts';
import { isBuyable, viewCart } from '../features/carts/view-cart.ts';
import type { LedgerRepository } from '../features/ledger/ledger-repository.ts';
import type { StockRepository } from '../features/listings/stock-repository.ts';
import type { NotificationsRepository } from '../features/notifications/notifications-repository.ts';
import type { CouponRepository } from '../features/offers/coupon-repository.ts';
import type { NewOrder, OrderRepository, OrderRow } from '../features/orders/order-repository.ts';
import { presentOrder } from '../features/orders/present-order.ts';
import type { PaymentRepository } from '../features/payments/payment-repository.ts';
import { presentPayment } from '../features/payments/present-payment.ts';
import type { RefundRepository } from '../features/payments/refund-repository.ts';
import { orderMoneyOf } from '../ledger/order-money.ts';
import { placedPosting } from '../ledger/postings.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';
import { checkoutReceipt } from '../messages/receipt.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { phoneOfCountry } from '../phone-of-country.ts';
import type { Principal } from '../plugins/access-control.ts';
import { allocate } from '../pricing/allocate.ts';
import { discountShares, type VatLine, vatOf } from '../pricing/vat.ts';
import { isDeliverySlot } from '../scheduling/delivery-slots.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import type { RefundDeps } from './refunds.ts';
import { type NoticeDeps, sendNotices, shopNotices } from './send-notices.ts';

/**
 * Checkout spans the owners of several tables: the cart (carts), the stock (listings), the
 * coupon's uses (offers), the orders (orders). It runs here, above the features, in one transaction
 * through each owner's repository: the whole checkout happens, or nothing does.
 */
export interface CheckoutDeps extends ClockDeps, OrderMoveDeps, TransactionDeps, NoticeDeps {
  carts: CartRepository;
  credits: Pick<AccountRepository, 'addCredit' | 'lockedBalance'>;
  bookings: BookingCalendar;
  coupons: Pick<CouponRepository, 'countCouponUse'>;
  stock: Pick<StockRepository, 'takeStock'>;
  orders: OrderRepository;
  ledger: Pick<LedgerRepository, 'post' | 'entriesOf' | 'commissionRateAt'>;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  outbox: OutboxRepository;
  publicOrigin: string;
  notices: NoticeDeps['notices'] & Pick<NotificationsRepository, 'shopPeople'>;
  payments: PaymentRepository;
  /** A payment taken back when its cart changed (confirm-payment.ts). */
  refunds: RefundRepository;
  gateway: PaymentGateway;
  log: RefundDeps['log'];
}

type CheckoutData = CheckoutResponse['data'];

/** The services whose packers substitute a missing item (the cart's preference travels with the order). */
const SUBSTITUTING: readonly ServiceId[] = ['grocery', 'farm'];

/** What a refusal says to a reader of the API; the storefront words the problem itself. */
function refusalMessage(problem: CheckoutProblem): string {
  switch (problem.code) {
    case 'empty':
      return 'The cart is empty';
    case 'cart_changed':
      return 'The cart changed: check it before ordering';
    case 'below_minimum':
      return `The part of ${problem.shop} is under its minimum order`;
    case 'out_of_range':
      return `${problem.shop} does not deliver to this address`;
    case 'closed':
      return `${problem.shop} cannot deliver as soon as possible now: choose a delivery window`;
    case 'payment_method':
      return 'This way to pay is not offered in this market';
    case 'slot':
      return 'This delivery window cannot be chosen for this cart now';
    case 'slot_taken':
      return 'The chef was booked for this time meanwhile';
    case 'total_changed':
      return 'The order comes to another total at this address than the one shown';
    case 'coupon':
      return COUPON_PROBLEM_MESSAGES[problem.coupon.code];
  }
}

function refuse(problem: CheckoutProblem): never {
  const message = refusalMessage(problem);
  throw new AppError('BUSINESS_RULE', message, {
    problem,
    fields: {
      // The code alone, for readers of the field it was once given in; the problem has the rest.
      checkout: [problem.code],
      // A window refused is shown beside the field that chose it.
      ...(problem.code === 'slot' ? { deliverAt: [message] } : {}),
    },
  });
}

/**
 * Turns the signed-in shopper's cart of a service into one order per provider, paid once,
 * under an Idempotency-Key: the same key replays the first answer, the same key with another
 * request is refused, and a checkout still running with that key is a 409. Every amount comes
 * from the catalog at this moment; the address must be within every provider's range, each
 * provider's part must reach its minimum, the coupon must still apply, and the stock must
 * still be there (two shoppers racing for the last one: one order). Cash places the orders at
 * once; mobile money and cards start a payment, and the orders are placed when the gateway
 * confirms it (`flows/confirm-payment.ts`).
 */
export function checkout(
  deps: CheckoutDeps,
  principal: Principal,
  shopper: CartShopper,
  service: ServiceId,
  idempotencyKey: string,
  request: CheckoutRequest,
): Promise<CheckoutOutcome> {
  return checkoutCarts(deps, principal, shopper, [service], idempotencyKey, request);
}

/**
 * The checkout of one or several of the shopper's carts (one per service: "pay all carts",
 * `flows/checkout-all.ts`), in one transaction, paid once: one order per provider of every
 * cart, under one checkout.
 */
export async function checkoutCarts(
  deps: CheckoutDeps,
  principal: Principal,
  shopper: CartShopper,
  services: readonly ServiceId[],
  idempotencyKey: string,
  request: CheckoutRequest,
): Promise<CheckoutOutcome> {
  const scope = await cartScope(deps, shopper);
  const owner = { userId: principal.userId };
  // A chef cart's time is its bookings'; carts paid together go as soon as they can.
  if (request.deliverAt !== undefined && (services.length > 1 || services[0] === 'chef')) refuse({ code: 'slot' });
  const country = scope.market.countryCode as CountryCode;
  if (!phoneOfCountry(request.address.phone, country)) {
    throw new AppError('VALIDATION_FAILED', 'Enter a phone number the rider can call', {
      fields: { 'address.phone': ['Enter a phone number of this country'] },
    });
  }
  const service = services.length === 1 ? services[0] : services;
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ service, market: scope.market.countryCode, request }))
    .digest('hex');
  if (request.payment.method !== 'cash') {
    const started = await startPayment(
      deps,
      owner,
      scope,
      services,
      idempotencyKey,
      requestHash,
      request,
      request.payment,
    );
    if (started.kind === 'placed' && !started.replayed) await announceOrdersPlaced(deps, started.data.orders);
    return started;
  }

  // Read before the transaction: inside it, a second pooled connection could wait on a pool
  // whose every connection is a checkout waiting on this one's locks.
  const contact = await deps.accounts.contactOf(owner.userId);
  const changeFor = request.payment.changeFor ?? null;
  const outcome = await deps.transaction(async (): Promise<CheckoutOutcome> => {
    const replay = await holdKey(deps, owner.userId, idempotencyKey, requestHash);
    if (replay) return replay;
    const data = await placeOrders(deps, {
      owner,
      scope,
      services,
      idempotencyKey,
      requestHash,
      request,
      contact,
      payment: { method: 'cash', status: 'pending', changeFor },
    });
    return { kind: 'placed', replayed: false, data };
  });
  // Committed: the new orders ring on their shops' boards.
  if (outcome.kind === 'placed' && !outcome.replayed) await announceOrdersPlaced(deps, outcome.data.orders);
  return outcome;
}

export type CheckoutOutcome =
  | { kind: 'placed'; replayed: boolean; data: CheckoutData }
  | { kind: 'pending'; payment: Payment };

/**
 * Holds the key for the transaction (another checkout with it in flight: a 409) and finds what
 * it already did: its placed orders to replay, or a refusal when the key came with another
 * request. Nothing yet: undefined.
 */
async function holdKey(
  deps: CheckoutDeps,
  userId: string,
  key: string,
  requestHash: string,
): Promise<CheckoutOutcome | undefined> {
  if (!(await deps.orders.tryHoldKey(userId, key))) {
    throw new AppError('CONFLICT', 'A checkout with this Idempotency-Key is still in progress');
  }
  const previous = await deps.orders.checkoutByKey(userId, key);
  if (!previous) return undefined;
  if (previous.requestHash !== requestHash) reusedKey();
  return { kind: 'placed', replayed: true, data: previous.response as CheckoutData };
}

function reusedKey(): never {
  throw new AppError('BUSINESS_RULE', 'This Idempotency-Key was used for another checkout', {
    fields: { 'Idempotency-Key': ['Use a new key for a new checkout'] },
  });
}

/**
 * Paid ahead: the cart is priced and checked as for cash, then a payment of its total waits
 * for the shopper, to approve the prompt on their phone (mobile money) or pass their bank's
 * check on the gateway's page (card). Nothing is taken from stock and the cart stays as it is:
 * a declined payment leaves everything as it was. A saved card must be the shopper's own.
 */
async function startPayment(
  deps: CheckoutDeps,
  owner: { userId: string },
  scope: CartScope,
  services: readonly ServiceId[],
  idempotencyKey: string,
  requestHash: string,
  request: CheckoutRequest,
  payment: Exclude<CheckoutRequest['payment'], { method: 'cash' }>,
): Promise<CheckoutOutcome> {
  const country = scope.market.countryCode as CountryCode;
  let card: { id: string; token: string } | undefined;
  if (payment.method === 'card') {
    if (payment.savedCard) {
      const saved = await deps.payments.ownCard(owner.userId, payment.savedCard);
      if (!saved || saved.provider !== deps.gateway.name) throw new AppError('NOT_FOUND', 'No such saved card');
      card = { id: saved.id, token: saved.token };
    }
  } else {
    if (!(MARKET_MOBILE_MONEY[country] ?? []).includes(payment.method)) refuse({ code: 'payment_method' });
    if (!phoneOfCountry(payment.phone, country)) {
      throw new AppError('VALIDATION_FAILED', 'Enter the mobile-money number of this country', {
        fields: { 'payment.phone': ['Enter a phone number of this country'] },
      });
    }
  }
  // Read before the transaction (see checkoutCarts): the receipt of orders credit pays whole.
  const contact = request.useCredit ? await deps.accounts.contactOf(owner.userId) : undefined;
  const started = await deps.transaction(async () => {
    const replay = await holdKey(deps, owner.userId, idempotencyKey, requestHash);
    if (replay) return { outcome: replay, fresh: undefined };
    const existing = await deps.payments.byKey(owner.userId, idempotencyKey);
    if (existing) {
      if (existing.requestHash !== requestHash) reusedKey();
      return { outcome: { kind: 'pending', payment: presentPayment(existing) } as const, fresh: undefined };
    }
    const carts: Cart[] = [];
    for (const service of services) carts.push((await pricedCart(deps, owner, scope, service, request)).cart);
    checkShownTotal(
      request,
      carts.reduce((sum, cart) => sum + cart.total.amount, 0),
    );
    const { due: total } = await tipAndCredit(deps, { owner, scope, request }, carts);
    // Credit covers it all: nothing for the gateway, the orders are placed now.
    if (total === 0) {
      const data = await placeOrders(deps, {
        owner,
        scope,
        services,
        idempotencyKey,
        requestHash,
        request,
        contact,
        payment: { method: payment.method, status: 'pending', changeFor: null },
      });
      return { outcome: { kind: 'placed', replayed: false, data } as const, fresh: undefined };
    }
    const row = await deps.payments.insert({
      userId: owner.userId,
      idempotencyKey,
      requestHash,
      // What the confirmation places: the request, with the carts it pays for.
      request: { ...request, services, pricedAt: clock(deps).toISOString() } satisfies StoredCheckoutRequest,
      // The first cart's: the payment's page lives under it.
      service: services[0] ?? 'food',
      countryCode: scope.market.countryCode,
      method: payment.method,
      provider: deps.gateway.name,
      phone: payment.method === 'card' ? '' : payment.phone,
      cardId: card?.id ?? null,
      saveCard: payment.method === 'card' && !card && payment.saveCard,
      amount: total,
      currency: scope.market.currency,
    });
    return { outcome: { kind: 'pending', payment: presentPayment(row) } as const, fresh: row };
  });
  if (started.fresh) {
    const { id, method, phone, amount, currency } = started.fresh;
    await deps.gateway.initiate({ id, method, phone, amount, currency, cardToken: card?.token });
  }
  return started.outcome;
}

/**
 * The cart locked and priced at the address's pin, checked as a checkout needs it: with its
 * bookings still free and, unless the money is already paid (a confirmed payment places what
 * the shopper chose minutes ago), its delivery window still one the shops can make.
 */
async function pricedCart(
  deps: CheckoutDeps,
  owner: { userId: string },
  scope: CartScope,
  service: ServiceId,
  request: CheckoutRequest,
  judgeWindow = true,
  pricedAt?: Date,
) {
  const cartId = await deps.carts.lockCart(owner, service, scope.market.countryCode);
  const rows = cartId ? await deps.carts.lines(cartId) : [];
  if (!cartId || rows.length === 0) refuse({ code: 'empty' });
  const pin = { latitude: request.address.latitude, longitude: request.address.longitude };
  const now = clock(deps);
  // A confirmed payment is priced with the offers of when it started: a slow 3-D Secure check
  // is not refunded for an offer that ended meanwhile (docs/decisions/0032).
  const offers = await deps.carts.cartOffers(cartId, scope.market.countryCode, service, pricedAt ?? now);
  const coupon = await couponContext(deps, offers.coupon, owner);
  const bookings = { taken: await takenBookings(deps, rows) };
  const cart = viewCart(service, scope.market, scope.languages, rows, pin, {
    coupon,
    offers: offers.automatic,
    bookings,
    now,
    pricedAt,
  });
  checkCart(cart);
  if (judgeWindow) {
    if (request.deliverAt !== undefined) {
      if (!isDeliverySlot(new Date(request.deliverAt), slotShops(rows, cart), scope.market.timeZone, now)) {
        refuse({ code: 'slot' });
      }
    } else {
      // As soon as possible from a shop that is closed, or closes before it could deliver: a window instead.
      const closed = cart.groups.find((group) => group.deliversNow === false);
      if (closed) refuse({ code: 'closed', shop: closed.provider.slug });
    }
  }
  return { cartId, rows, coupon, cart };
}

/** The carts come to `total` here and now: refused unless that is the total the shopper was shown. */
function checkShownTotal(request: CheckoutRequest, total: number): void {
  if (request.expectedTotal !== undefined && request.expectedTotal !== total) refuse({ code: 'total_changed' });
}

/**
 * A paid-ahead checkout's request as its payment keeps it: with the carts it pays for and when
 * they were priced, so the offers that ran then still hold when the payment is confirmed.
 */
export type StoredCheckoutRequest = CheckoutRequest & { services?: readonly ServiceId[]; pricedAt?: string };

export interface Placing {
  owner: { userId: string };
  scope: CartScope;
  services: readonly ServiceId[];
  idempotencyKey: string;
  requestHash: string;
  request: CheckoutRequest;
  contact: { identifier: string; locale: string } | undefined;
  payment: { method: PaymentMethod; status: 'pending' | 'paid'; changeFor: number | null };
  /** A paid payment's amount: the cart must still come to it, or nothing is placed. */
  paidTotal?: number;
}

/**
 * The orders of one or several carts, in the caller's transaction: for each cart its coupon's
 * use, one order per provider with its lines snapshotted, the cart emptied; then the answer
 * stored under the key, one receipt in the outbox, and last the stock taken. Shared by cash checkouts
 * and confirmed payments (whose carts must still come to the amount paid).
 */
export async function placeOrders(deps: CheckoutDeps, placing: Placing): Promise<CheckoutData> {
  const { owner, scope, contact } = placing;
  const paid = placing.paidTotal !== undefined;
  const priced = [];
  for (const service of placing.services) {
    const stored = placing.request as StoredCheckoutRequest;
    const pricedAt = paid && stored.pricedAt ? new Date(stored.pricedAt) : undefined;
    priced.push({ service, ...(await pricedCart(deps, owner, scope, service, placing.request, !paid, pricedAt)) });
  }
  const cartsTotal = priced.reduce((sum, entry) => sum + entry.cart.total.amount, 0);
  const extras = await tipAndCredit(
    deps,
    placing,
    priced.map((entry) => entry.cart),
  );
  // Paid: the amount paid is what the carts must still come to, with the tip and less the
  // credit (the shown total was checked when the payment started).
  if (placing.paidTotal !== undefined) {
    if (extras.due !== placing.paidTotal) refuse({ code: 'cart_changed' });
  } else {
    checkShownTotal(placing.request, cartsTotal);
  }

  const checkoutId = randomUUID();
  await deps.orders.insertCheckout({
    id: checkoutId,
    userId: owner.userId,
    key: placing.idempotencyKey,
    requestHash: placing.requestHash,
  });
  // Credit that covers everything leaves nothing to pay: the orders are paid as they are placed.
  const settled: Placing =
    extras.due === 0 && extras.credit > 0 ? { ...placing, payment: { ...placing.payment, status: 'paid' } } : placing;
  const placed: Order[] = [];
  for (const [index, entry] of priced.entries()) {
    const rows = await placeCartOrders(deps, settled, checkoutId, entry, extras.shares[index] ?? []);
    placed.push(...rows.map(presentOrder));
  }

  const data: CheckoutData = {
    checkoutId,
    orders: placed,
    total: {
      amount: placed.reduce((sum, order) => sum + order.total.amount, 0),
      currency: scope.market.currency as CheckoutData['total']['currency'],
    },
  };
  await deps.orders.finishCheckout(checkoutId, data);
  if (contact) await deps.outbox.enqueue(checkoutReceipt(deps.publicOrigin, contact, scope.market.countryCode, data));
  await takeStock(
    deps,
    priced.flatMap((entry) => entry.rows),
  );
  return data;
}

/**
 * The stock of every item bought, taken last: shoppers of one popular item queue on its row's
 * lock, held from here to the commit only, and taken in item order, so that two checkouts of
 * the same items never wait on each other's locks.
 */
async function takeStock(deps: CheckoutDeps, rows: readonly CartLineRow[]): Promise<void> {
  const units = new Map<string, number>();
  for (const row of rows) units.set(row.itemId, (units.get(row.itemId) ?? 0) + Math.ceil(row.quantityMilli / 1000));
  for (const itemId of [...units.keys()].sort()) {
    if (!(await deps.stock.takeStock(itemId, units.get(itemId) ?? 0))) {
      throw new AppError('CONFLICT', 'Someone bought the last of an item in your cart: check your cart');
    }
  }
}

/** One cart's orders under a checkout: coupon, an order per provider, the cart emptied (the stock is taken last). */
async function placeCartOrders(
  deps: CheckoutDeps,
  placing: Placing,
  checkoutId: string,
  { service, cartId, rows, coupon, cart }: { service: ServiceId } & Awaited<ReturnType<typeof pricedCart>>,
  shares: readonly OrderShare[],
): Promise<OrderRow[]> {
  const { owner, scope, request } = placing;
  const placed: OrderRow[] = [];

  // A coupon the automatic offers left nothing to take from is not counted as used.
  if (coupon && cart.coupon && !cart.coupon.problem && cart.coupon.discount.amount > 0) {
    if (!(await deps.coupons.countCouponUse(coupon.offer.id))) {
      refuse({ code: 'coupon', coupon: { code: 'used_up' } });
    }
    await deps.carts.recordRedemption(coupon.offer.id, owner.userId);
  }
  const rowOfLine = new Map(rows.map((row) => [row.id, row]));
  for (const [index, group] of cart.groups.entries()) {
    const { tip, credit } = shares[index] ?? { tip: 0, credit: 0 };
    const provider = rowOfLine.get(group.lines[0]?.id ?? '')?.provider;
    if (!provider) throw new Error(`No line of ${group.provider.slug} in the cart`);
    const providerId = provider.id;
    const deliveryFee = group.delivery?.fee.amount ?? 0;
    const discount = group.discount.amount;
    const couponLine = group.discounts.find((line) => line.source === 'coupon');
    const booked = group.lines.flatMap((line) => (line.booking ? [new Date(line.booking.startsAt)] : []));
    const firstBooking = booked.length > 0 ? new Date(Math.min(...booked.map((at) => at.getTime()))) : null;
    const placedAt = clock(deps);
    const taxed = taxOfGroup(group, rowOfLine, scope.market.countryCode, placedAt);
    const commissionBp = await deps.ledger.commissionRateAt(scope.market.countryCode, service, providerId, placedAt);
    const order: NewOrder = {
      id: randomUUID(),
      checkoutId,
      userId: owner.userId,
      providerId,
      service,
      countryCode: scope.market.countryCode,
      currency: scope.market.currency,
      paymentMethod: placing.payment.method,
      paymentStatus: placing.payment.status,
      changeFor: placing.payment.changeFor,
      subtotal: group.subtotal.amount,
      deliveryFee,
      discount,
      discounts: group.discounts.map((line) => ({ ...line, amount: line.amount.amount })),
      tip,
      total: group.total.amount + tip,
      creditUsed: credit,
      couponCode: couponLine?.code ?? null,
      couponOfferId: couponLine?.offerId ?? null,
      address: request.address,
      etaMinutes: group.delivery?.etaMinutes ?? 0,
      // Four digits the rider asks for at the door: only the shopper is shown them.
      deliveryCode: String(randomInt(0, 10_000)).padStart(4, '0'),
      scheduledFor: firstBooking ?? (request.deliverAt ? new Date(request.deliverAt) : null),
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
        startsAt: line.booking ? new Date(line.booking.startsAt) : null,
        guests: line.booking?.guests ?? null,
        // What the packer does if the item is missing: a grocery's and a farm's word only.
        substitution: SUBSTITUTING.includes(service) ? line.substitution : null,
        substitute: SUBSTITUTING.includes(service) ? line.substitute : null,
        taxClass: rowOfLine.get(line.id)?.item.taxClass ?? 'standard',
      })),
      tax: taxed.tax,
      seller: taxed.seller,
      placedAt,
      commissionBp,
    };
    placed.push(
      await deps.orders.insertOrder(order, {
        provider: { slug: provider.slug, name: provider.name },
        timeZone: provider.timeZone,
        bookings: group.lines.flatMap((line) =>
          line.booking ? [{ startsAt: new Date(line.booking.startsAt), endsAt: new Date(line.booking.endsAt) }] : [],
        ),
      }),
    );
    // The shop's people hear of it at once, on every phone they turned push on, in this transaction.
    await sendNotices(
      deps,
      await shopNotices(deps, providerId, {
        kind: 'new-order',
        params: { orderId: order.id, shop: taxed.seller.name },
        dedupeKey: `new-order:${order.id}`,
      }),
    );
    if (credit > 0) {
      await deps.credits.addCredit(owner.userId, scope.market.currency, -credit, `order:${order.id}`, order.id);
    }
    await deps.ledger.post({
      kind: 'order_placed',
      key: `placed:${order.id}`,
      currency: scope.market.currency,
      occurredAt: order.placedAt,
      orderId: order.id,
      shopId: providerId,
      userId: owner.userId,
      entries: placedPosting(orderMoneyOf(order, deps.gateway.name)),
    });
    for (const line of group.lines) {
      const row = rowOfLine.get(line.id);
      if (!line.booking || !row) continue;
      const held = await deps.orders.holdBooking({
        providerId,
        orderId: order.id,
        itemId: row.itemId,
        startsAt: new Date(line.booking.startsAt),
        endsAt: new Date(line.booking.endsAt),
        guests: line.booking.guests,
      });
      // Another checkout took the chef's time first: this one places nothing.
      if (!held) refuse({ code: 'slot_taken' });
    }
  }
  await deps.carts.clearCart(cartId);
  return placed;
}

/**
 * A shop's order as its tax invoice states it: the seller's particulars, and, when the shop is
 * registered for VAT, the VAT in its prices per rate (pricing/vat.ts). The consideration of each
 * line is its price less its share of the discounts the shop funds (a marketplace-funded
 * discount is Malewa's, paid to the shop in full); delivery is a standard-rated supply; the tip
 * is no supply.
 */
function taxOfGroup(
  group: Cart['groups'][number],
  rowOfLine: ReadonlyMap<string, CartLineRow>,
  countryCode: string,
  at: Date,
): Pick<NewOrder, 'tax' | 'seller'> {
  const provider = rowOfLine.get(group.lines[0]?.id ?? '')?.provider;
  if (!provider) throw new Error(`No line of ${group.provider.slug} in the cart`);
  const seller = {
    name: provider.name,
    legalName: provider.legalName,
    vatNumber: provider.vatNumber,
    address: `${provider.area}, ${provider.city}`,
  };
  if (!provider.vatNumber) return { tax: null, seller };
  const shopFunded = (appliesTo: 'goods' | 'delivery') =>
    group.discounts.reduce(
      (sum, line) => sum + (line.fundedBy === 'shop' && line.appliesTo === appliesTo ? line.amount.amount : 0),
      0,
    );
  const lines = group.lines
    .filter(isBuyable)
    .map((line) => ({ gross: line.total.amount, taxClass: rowOfLine.get(line.id)?.item.taxClass ?? 'standard' }));
  const shares = discountShares(lines, shopFunded('goods'));
  const considered: VatLine[] = lines.map((line, index) => ({ ...line, gross: line.gross - (shares[index] ?? 0) }));
  const delivery = (group.delivery?.fee.amount ?? 0) - shopFunded('delivery');
  if (delivery > 0) considered.push({ gross: delivery, taxClass: 'standard' });
  const vat = vatOf(considered, countryCode as CountryCode, at);
  return { tax: { lines: vat.tax, exempt: vat.exempt }, seller };
}

/** An order's part of the checkout's tip and of the credit it spends. */
interface OrderShare {
  tip: number;
  credit: number;
}

/** The most a tip may be: half the goods after discounts. */
const TIP_SHARE_MAX = 0.5;

/**
 * The tip and the credit of a checkout, shared over its orders (per cart, per shop): the tip
 * by each order's goods after discounts, whole to whoever delivers it; the credit (with
 * `useCredit`, as much of the balance as the orders need, read under the balance's lock) by
 * each order's total. `due` is what the payment method must still pay.
 */
async function tipAndCredit(
  deps: CheckoutDeps,
  placing: Pick<Placing, 'owner' | 'scope' | 'request'>,
  carts: readonly Cart[],
): Promise<{ shares: OrderShare[][]; credit: number; due: number }> {
  const groups = carts.flatMap((cart) => cart.groups);
  const goods = groups.map(
    (group) =>
      group.subtotal.amount -
      group.discounts.reduce((sum, line) => sum + (line.appliesTo === 'goods' ? line.amount.amount : 0), 0),
  );
  const tip = placing.request.tip ?? 0;
  checkTip(tip, goods);
  const tips = allocate(tip, goods);
  const totals = groups.map((group, index) => group.total.amount + (tips[index] ?? 0));
  const sum = totals.reduce((a, b) => a + b, 0);
  const balance = placing.request.useCredit
    ? await deps.credits.lockedBalance(placing.owner.userId, placing.scope.market.currency)
    : 0;
  const credit = Math.min(Math.max(balance, 0), sum);
  const credits = allocate(credit, totals);
  let index = 0;
  const shares = carts.map((cart) =>
    cart.groups.map(() => {
      const share = { tip: tips[index] ?? 0, credit: credits[index] ?? 0 };
      index += 1;
      return share;
    }),
  );
  return { shares, credit, due: sum - credit };
}

/** A tip is the shopper's to choose, up to half the goods: more is most likely a slip of the thumb. */
function checkTip(tip: number, goods: readonly number[]): void {
  const most = Math.floor(goods.reduce((a, b) => a + b, 0) * TIP_SHARE_MAX);
  if (tip > most) {
    throw new AppError('VALIDATION_FAILED', 'A tip can be at most half the goods', {
      fields: { tip: [`At most ${most} (half the goods)`] },
    });
  }
}

/** What stands in the way of buying the cart as it is, as the refusal's reason. */
function checkCart(cart: Cart): void {
  if (cart.groups.some((group) => group.lines.some((line) => line.problems.includes('slot_taken')))) {
    refuse({ code: 'slot_taken' });
  }
  for (const group of cart.groups) {
    if (group.lines.some((line) => line.problems.some((problem) => problem !== 'price_changed')))
      refuse({ code: 'cart_changed' });
  }
  for (const group of cart.groups) {
    if (!group.deliversHere) refuse({ code: 'out_of_range', shop: group.provider.slug });
    if (group.belowMinimum) refuse({ code: 'below_minimum', shop: group.provider.slug });
  }
  if (cart.coupon?.problem) {
    refuse({ code: 'coupon', coupon: couponRefusal(cart.coupon.problem, cart.coupon.minimumSubtotal) });
  }
}
