import type { CouponProblem, CouponRefusal } from '@malewa/contracts/carts/cart';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { OfferFunder } from '@malewa/contracts/catalog/vocabulary';

/** A coupon (an offer with a code) as a cart needs it. */
export interface CouponOffer {
  id: string;
  code: string;
  kind: 'percent' | 'fixed' | 'free-delivery';
  value: number;
  minimumSubtotalMinor: number;
  startsAt: Date;
  endsAt: Date;
  totalLimit: number | null;
  perShopperLimit: number | null;
  redemptions: number;
  providerSlug: string | null;
  fundedBy: OfferFunder;
  title: Readonly<Record<string, string>> | null;
}

export interface CouponContext {
  offer: CouponOffer;
  /** Null for a guest: coupons are counted per shopper, so they need an account. */
  usedByShopper: number | null;
  now: Date;
}

/**
 * Whether a coupon applies to a cart and what it takes off: the first reason it does not, in
 * the order a shopper can act on least to most (it is not theirs to use, not valid now, spent,
 * or the cart does not reach it). Percent rounds down, fixed never takes more than the
 * subtotal it applies to, free delivery takes nothing off the goods.
 */
export function evaluateCoupon(
  context: CouponContext,
  subtotalMinor: number,
  providerSubtotals: ReadonlyMap<string, number>,
): { problem: CouponProblem | null; discountMinor: number; eligibleMinor: number } {
  const { offer, usedByShopper, now } = context;
  const eligibleMinor = offer.providerSlug ? (providerSubtotals.get(offer.providerSlug) ?? 0) : subtotalMinor;
  const problem: CouponProblem | null =
    usedByShopper === null
      ? 'sign_in'
      : now < offer.startsAt
        ? 'not_started'
        : now >= offer.endsAt
          ? 'expired'
          : offer.totalLimit !== null && offer.redemptions >= offer.totalLimit
            ? 'used_up'
            : offer.perShopperLimit !== null && usedByShopper >= offer.perShopperLimit
              ? 'already_used'
              : offer.providerSlug && !providerSubtotals.has(offer.providerSlug)
                ? 'provider_not_in_cart'
                : eligibleMinor < offer.minimumSubtotalMinor
                  ? 'below_minimum'
                  : null;
  if (problem) return { problem, discountMinor: 0, eligibleMinor };
  const discountMinor =
    offer.kind === 'percent'
      ? Math.floor((eligibleMinor * offer.value) / 100)
      : offer.kind === 'fixed'
        ? Math.min(offer.value, eligibleMinor)
        : 0;
  return { problem: null, discountMinor, eligibleMinor };
}

/** The English sentence of a refusal, for logs and API readers; the storefront words its own. */
export const COUPON_PROBLEM_MESSAGES: Record<CouponProblem, string> = {
  sign_in: 'Sign in to use a coupon',
  not_started: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  below_minimum: 'The cart is under this coupon’s minimum',
  used_up: 'This coupon has been used up',
  already_used: 'You have already used this coupon',
  provider_not_in_cart: 'This coupon is for a shop that is not in your cart',
};

/** A refusal's `problem` for a coupon that does not apply: the minimum it needs, for `below_minimum`. */
export function couponRefusal(problem: CouponProblem, minimumSubtotal: Money): CouponRefusal {
  return problem === 'below_minimum' ? { code: problem, minimumSubtotal } : { code: problem };
}
