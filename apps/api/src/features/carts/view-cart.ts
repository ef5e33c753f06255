import type { Cart, CartLine } from '@malewa/contracts/carts/cart';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { pickText } from '#api/localized-text.ts';
import { deliveryQuote, distanceKmBetween } from '#api/pricing/delivery-quote.ts';
import { discountLabel } from '#api/pricing/discount-label.ts';
import { type AutomaticOffer, type PricingOffer, priceGroups } from '#api/pricing/price-groups.ts';
import { BOOKING_LEAD_HOURS } from '#api/scheduling/booking-rules.ts';
import { deliversNow, type SlotShop } from '#api/scheduling/delivery-slots.ts';
import type { CartLineRow, CartMarket } from './cart-repository.ts';
import { type CouponContext, evaluateCoupon } from './evaluate-coupon.ts';
import { priceChoices } from './price-choices.ts';

/** Minor units of `quantityMilli` thousandths at `unitMinor` each, to the nearest minor unit. */
export function lineTotalMinor(unitMinor: number, quantityMilli: number): number {
  return Math.floor((unitMinor * quantityMilli + 500) / 1000);
}

/** A line counts towards its shop's subtotal unless its item is gone or its choices no longer fit. */
export function isBuyable(line: Pick<CartLine, 'problems'>): boolean {
  return !line.problems.includes('unavailable') && !line.problems.includes('options_changed');
}

/**
 * A shop of the cart as scheduling sees it: its hours and closed days, and how long from its
 * start on an order to the door: the delivery estimate at the cart's point, or its
 * preparation time where the point is unknown.
 */
export function slotShopOf(provider: CartLineRow['provider'], etaMinutes: number | undefined): SlotShop {
  return { hours: provider.hours, closedDates: provider.closedDates, leadMinutes: etaMinutes ?? provider.prepMinutes };
}

/**
 * The cart as the shopper sees it: lines grouped by provider in the order they were first
 * added, each priced from today's catalog, with what stands in the way of buying it. Lines
 * that cannot be bought (withdrawn, or their choices no longer fit) stay in the cart, marked,
 * and count in no subtotal. A booking is judged when `bookings` is given: one whose time the
 * chef has given away (`taken`) or that now starts too soon to book is marked; so is, with it,
 * whether each shop can take an order for as soon as possible (`deliversNow`). Discounts follow
 * the one pricing rule (`priceGroups`) with the automatic offers and the coupon given.
 */
export function viewCart(
  service: ServiceId,
  market: CartMarket,
  languages: readonly string[],
  rows: readonly CartLineRow[],
  point: { latitude: number; longitude: number } | null,
  judging: {
    coupon?: CouponContext;
    offers?: readonly AutomaticOffer[];
    bookings?: { taken: ReadonlySet<string> };
    now?: Date;
    /** When the offers are judged, if not now: a confirmed payment's start. */
    pricedAt?: Date;
  } = {},
): Cart {
  const { coupon, offers = [], now } = judging;
  const bookings = judging.bookings && now ? { now, taken: judging.bookings.taken } : undefined;
  const money = (amount: number) => ({ amount, currency: market.currency }) as Cart['subtotal'];
  const groups = new Map<string, Omit<Cart['groups'][number], 'discounts' | 'discount' | 'total'>>();
  for (const row of rows) {
    const problems: CartLine['problems'] = [];
    if (!row.item.available || !row.provider.active) problems.push('unavailable');
    const priced = priceChoices(row.item.priceMinor, row.item.options, row.choices);
    if (!priced.ok) problems.push('options_changed');
    const unitMinor = priced.ok ? priced.unitPriceMinor : row.unitPriceMinor;
    if (priced.ok && unitMinor !== row.unitPriceMinor) problems.push('price_changed');
    if (row.item.stock !== null && row.quantityMilli > row.item.stock * 1000) problems.push('out_of_stock');
    if (row.booking && bookings) {
      if (bookings.taken.has(row.id)) problems.push('slot_taken');
      else if (row.booking.startsAt.getTime() < bookings.now.getTime() + BOOKING_LEAD_HOURS * 3_600_000) {
        problems.push('slot_passed');
      }
    }
    const line: CartLine = {
      id: row.id,
      item: {
        slug: row.item.slug,
        type: row.item.type as CartLine['item']['type'],
        name: pickText(row.item.name, languages),
        images: row.item.images.slice(0, 1),
        unit: row.item.unit,
        stepMilli: row.item.stepMilli,
        stock: row.item.stock,
        available: row.item.available && row.provider.active,
      },
      choices: priced.ok
        ? priced.chosen.map((chosen) => ({
            option: pickText(chosen.option, languages),
            choice: pickText(chosen.choice, languages),
            price: money(chosen.priceMinor),
          }))
        : [],
      choiceIndexes: row.choices,
      quantity: row.quantityMilli / 1000,
      unitPrice: money(unitMinor),
      addedUnitPrice: money(row.unitPriceMinor),
      total: money(lineTotalMinor(unitMinor, row.quantityMilli)),
      // A named item that is gone leaves the shop to pick the best match.
      substitution: row.substitution === 'specific' && !row.substitute ? 'best_match' : row.substitution,
      substitute:
        row.substitution === 'specific' && row.substitute
          ? { slug: row.substitute.slug, name: pickText(row.substitute.name, languages) }
          : null,
      booking: row.booking
        ? {
            startsAt: row.booking.startsAt.toISOString(),
            endsAt: row.booking.endsAt.toISOString(),
            guests: row.booking.guests,
            timeZone: row.provider.timeZone,
          }
        : null,
      problems,
    };
    let group = groups.get(row.provider.slug);
    if (!group) {
      group = {
        provider: {
          slug: row.provider.slug,
          name: row.provider.name,
          minimumOrder: money(row.provider.minimumOrderMinor),
        },
        lines: [],
        subtotal: money(0),
        belowMinimum: false,
        deliversHere: null,
        delivery: null,
        deliversNow: null,
      };
      groups.set(row.provider.slug, group);
    }
    group.lines.push(line);
    if (isBuyable(line)) group.subtotal = money(group.subtotal.amount + line.total.amount);
  }
  const rules = new Map(rows.map((row) => [row.provider.slug, row.provider]));
  const all = [...groups.values()].map((group) => {
    const provider = rules.get(group.provider.slug);
    const quote =
      point && provider ? deliveryQuote(provider, distanceKmBetween(point, provider), market.currency) : null;
    const free = quote?.freeAboveMinor != null && group.subtotal.amount >= quote.freeAboveMinor;
    return {
      ...group,
      deliversNow:
        service === 'chef' || !provider || !bookings
          ? null
          : deliversNow(slotShopOf(provider, quote?.etaMinutes), provider.timeZone, bookings.now),
      belowMinimum: group.subtotal.amount < group.provider.minimumOrder.amount,
      deliversHere: point ? quote !== null : null,
      delivery: quote
        ? {
            distanceKm: quote.distanceKm,
            fee: money(free ? 0 : quote.feeMinor),
            freeAbove: quote.freeAboveMinor === null ? null : money(quote.freeAboveMinor),
            etaMinutes: quote.etaMinutes,
          }
        : null,
    };
  });
  const subtotal = all.reduce((sum, group) => sum + group.subtotal.amount, 0);
  const feeOf = (group: (typeof all)[number]) => group.delivery?.fee.amount ?? 0;
  const deliveryFee = all.reduce((sum, group) => sum + feeOf(group), 0);
  const applied = coupon
    ? evaluateCoupon(coupon, subtotal, new Map(all.map((group) => [group.provider.slug, group.subtotal.amount])))
    : undefined;
  const couponOffer: PricingOffer | null =
    coupon && applied && !applied.problem
      ? {
          id: coupon.offer.id,
          code: coupon.offer.code,
          kind: coupon.offer.kind,
          value: coupon.offer.value,
          providerSlug: coupon.offer.providerSlug,
          fundedBy: coupon.offer.fundedBy,
          title: coupon.offer.title,
        }
      : null;
  const lineRows = new Map(rows.map((row) => [row.id, row]));
  const priced = priceGroups(
    all.map((group) => ({
      providerSlug: group.provider.slug,
      lines: group.lines
        .filter(isBuyable)
        .map((line) => ({ itemId: lineRows.get(line.id)?.itemId ?? '', total: line.total.amount })),
      goods: group.subtotal.amount,
      fee: feeOf(group),
    })),
    now ? offers : [],
    couponOffer,
    judging.pricedAt ?? now ?? new Date(0),
    market.timeZone,
  );
  const groupsPriced = all.map((group, index) => {
    const { discounts, discount, total } = priced[index] ?? { discounts: [], discount: 0, total: 0 };
    return {
      ...group,
      discounts: discounts.map((line) => {
        const title = line.offer.title ? pickText(line.offer.title, languages).text : null;
        const { kind, value, code } = line.offer;
        return {
          source: line.source,
          offerId: line.offer.id,
          code,
          kind,
          value,
          title,
          label: discountLabel({ kind, value, code, title }, line.source, languages, market),
          appliesTo: line.appliesTo,
          fundedBy: line.offer.fundedBy,
          amount: money(line.amount),
        };
      }),
      discount: money(discount),
      total: money(total),
    };
  });
  const discount = groupsPriced.reduce((sum, group) => sum + group.discount.amount, 0);
  const couponDiscount = groupsPriced
    .flatMap((group) => group.discounts)
    .reduce((sum, line) => sum + (line.source === 'coupon' ? line.amount.amount : 0), 0);
  return {
    service,
    countryCode: market.countryCode as Cart['countryCode'],
    currency: market.currency as Cart['currency'],
    groups: groupsPriced,
    lineCount: rows.length,
    subtotal: money(subtotal),
    deliveryFee: money(deliveryFee),
    coupon:
      coupon && applied
        ? {
            code: coupon.offer.code,
            kind: coupon.offer.kind,
            value: coupon.offer.value,
            providerSlug: coupon.offer.providerSlug,
            minimumSubtotal: money(coupon.offer.minimumSubtotalMinor),
            endsAt: coupon.offer.endsAt.toISOString(),
            discount: money(couponDiscount),
            problem: applied.problem,
          }
        : null,
    discount: money(discount),
    total: money(subtotal + deliveryFee - discount),
  };
}
