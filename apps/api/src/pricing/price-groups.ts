import type { OfferFunder } from '@malewa/contracts/catalog/vocabulary';
import { wallClock } from '@malewa/contracts/zoned-time';
import { allocate } from './allocate.ts';

/** A shop's part of a cart, as pricing needs it: each shop's part is its own order. */
export interface GroupToPrice {
  providerSlug: string;
  /** The buyable lines: the item and what the line comes to, in minor units. */
  lines: readonly { itemId: string; total: number }[];
  /** Σ of the lines. */
  goods: number;
  /** The delivery fee as quoted (0 once the shop's own free-delivery threshold is reached). */
  fee: number;
}

/** What makes a discount, an automatic offer or a coupon: enough to judge it and name it. */
export interface PricingOffer {
  id: string;
  code: string | null;
  kind: 'percent' | 'fixed' | 'free-delivery';
  value: number;
  /** Null: every shop of its service. */
  providerSlug: string | null;
  fundedBy: OfferFunder;
  title: Readonly<Record<string, string>> | null;
}

/** An offer without a code, with what decides where and when it runs. */
export interface AutomaticOffer extends PricingOffer {
  minimumSubtotal: number;
  startsAt: Date;
  endsAt: Date;
  /** Null: every item of the shop; else only these items count, towards the minimum and the discount. */
  itemIds: readonly string[] | null;
  /** Null: all day; else minutes on the market's clock, `to` before `from` running past midnight. */
  hours: { from: number; to: number } | null;
}

/** A discount given, in minor units, before it is worded. */
export interface AppliedDiscount {
  source: 'offer' | 'coupon';
  offer: PricingOffer;
  appliesTo: 'goods' | 'delivery';
  amount: number;
}

export interface PricedGroup {
  discounts: AppliedDiscount[];
  discount: number;
  total: number;
}

/**
 * The discounts of a cart's shops (docs/decisions/0032-money.md), the one rule the cart, the
 * checkout and the order follow:
 * 1. at most one automatic offer per shop, the one worth most to that shop's order (ties: the
 *    shop's own, then the one ending soonest, then the lowest id);
 * 2. then the coupon, when the caller found it applies (judged, as before, on the goods), on
 *    what is left: a percent of the goods left, a fixed amount at most the goods left, or the
 *    delivery fee left; a coupon of the whole service is shared over its shops by goods left;
 * 3. never below zero: no discount takes more than the goods or the fee it comes off.
 */
export function priceGroups(
  groups: readonly GroupToPrice[],
  offers: readonly AutomaticOffer[],
  coupon: PricingOffer | null,
  now: Date,
  timeZone: string,
): PricedGroup[] {
  const minutes = wallClock(now, timeZone).minutes;
  const priced = groups.map((group) => {
    const best = bestOffer(group, offers, now, minutes);
    return { group, discounts: best ? [best] : [] };
  });
  if (coupon) {
    const goodsLeft = priced.map(({ group, discounts }) => group.goods - taken(discounts, 'goods'));
    const feeLeft = priced.map(({ group, discounts }) => group.fee - taken(discounts, 'delivery'));
    const eligible = priced.map(({ group }) => !coupon.providerSlug || group.providerSlug === coupon.providerSlug);
    const shares =
      coupon.kind === 'free-delivery'
        ? feeLeft.map((fee, index) => (eligible[index] ? fee : 0))
        : couponShares(
            coupon,
            goodsLeft.map((goods, index) => (eligible[index] ? goods : 0)),
          );
    for (const [index, share] of shares.entries()) {
      if (share <= 0) continue;
      priced[index]?.discounts.push({
        source: 'coupon',
        offer: coupon,
        appliesTo: coupon.kind === 'free-delivery' ? 'delivery' : 'goods',
        amount: share,
      });
    }
  }
  return priced.map(({ group, discounts }) => {
    const discount = discounts.reduce((sum, line) => sum + line.amount, 0);
    return { discounts, discount, total: group.goods + group.fee - discount };
  });
}

function taken(discounts: readonly AppliedDiscount[], appliesTo: AppliedDiscount['appliesTo']): number {
  return discounts.reduce((sum, line) => sum + (line.appliesTo === appliesTo ? line.amount : 0), 0);
}

/** A goods coupon's amount over the goods left of the shops it covers, shared in proportion to them. */
function couponShares(coupon: PricingOffer, goodsLeft: readonly number[]): number[] {
  const left = goodsLeft.reduce((sum, goods) => sum + goods, 0);
  const amount = coupon.kind === 'percent' ? Math.floor((left * coupon.value) / 100) : Math.min(coupon.value, left);
  return allocate(amount, goodsLeft);
}

/** The automatic offer worth most to a shop's order now, or none. */
function bestOffer(
  group: GroupToPrice,
  offers: readonly AutomaticOffer[],
  now: Date,
  minutes: number,
): AppliedDiscount | undefined {
  let best: { offer: AutomaticOffer; amount: number } | undefined;
  for (const offer of offers) {
    if (offer.providerSlug && offer.providerSlug !== group.providerSlug) continue;
    if (now < offer.startsAt || now >= offer.endsAt || !withinHours(offer.hours, minutes)) continue;
    const scope = offer.itemIds;
    const eligible = scope
      ? group.lines.reduce((sum, line) => sum + (scope.includes(line.itemId) ? line.total : 0), 0)
      : group.goods;
    if (eligible === 0 || eligible < offer.minimumSubtotal) continue;
    const amount =
      offer.kind === 'percent'
        ? Math.floor((eligible * offer.value) / 100)
        : offer.kind === 'fixed'
          ? Math.min(offer.value, eligible)
          : group.fee;
    if (amount > 0 && (!best || better({ offer, amount }, best))) best = { offer, amount };
  }
  if (!best) return undefined;
  const appliesTo = best.offer.kind === 'free-delivery' ? 'delivery' : 'goods';
  return { source: 'offer', offer: best.offer, appliesTo, amount: best.amount };
}

function better(a: { offer: AutomaticOffer; amount: number }, b: { offer: AutomaticOffer; amount: number }): boolean {
  if (a.amount !== b.amount) return a.amount > b.amount;
  const ownA = a.offer.providerSlug !== null;
  const ownB = b.offer.providerSlug !== null;
  if (ownA !== ownB) return ownA;
  if (a.offer.endsAt.getTime() !== b.offer.endsAt.getTime()) return a.offer.endsAt < b.offer.endsAt;
  return a.offer.id < b.offer.id;
}

function withinHours(hours: AutomaticOffer['hours'], minutes: number): boolean {
  if (!hours) return true;
  return hours.from <= hours.to
    ? minutes >= hours.from && minutes < hours.to
    : minutes >= hours.from || minutes < hours.to;
}
