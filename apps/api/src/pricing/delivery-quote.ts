import { currencyDigits } from '@malewa/contracts/currencies';

/**
 * How delivery is priced and timed, for every part of the API that shows or charges it (the
 * catalog's cards, the cart's groups, checkout): one rule, so a shopper never sees one fee on
 * a card and another at checkout.
 */

/** What a provider's delivery rule says, in minor units of its market's currency. */
export interface DeliveryRule {
  deliveryRadiusKm: number;
  deliveryFeeBase: number;
  deliveryFeePerKm: number;
  freeDeliveryAbove: number | null;
  prepMinutes: number;
}

export interface Quote {
  /** To one decimal. */
  distanceKm: number;
  feeMinor: number;
  freeAboveMinor: number | null;
  etaMinutes: number;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine; the catalog's SQL computes the same). */
export function distanceKmBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return EARTH_RADIUS_KM * 2 * Math.asin(Math.sqrt(h));
}

/**
 * The delivery fee and time over `distanceKm`, or null beyond the provider's radius: the base
 * fee plus the per-km fee for each started kilometre, rounded up to a whole major unit; the
 * time is the kitchen's preparation plus about 4 minutes a kilometre and 10 to hand over, to
 * the next 5 minutes.
 */
export function deliveryQuote(rule: DeliveryRule, distanceKm: number, currency: string): Quote | null {
  if (distanceKm > rule.deliveryRadiusKm) return null;
  const major = 10 ** currencyDigits(currency);
  const raw = rule.deliveryFeeBase + rule.deliveryFeePerKm * Math.ceil(distanceKm);
  const minutes = rule.prepMinutes + distanceKm * 4 + 10;
  return {
    distanceKm: Math.round(distanceKm * 10) / 10,
    feeMinor: Math.ceil(raw / major) * major,
    freeAboveMinor: rule.freeDeliveryAbove,
    etaMinutes: Math.ceil(minutes / 5) * 5,
  };
}
