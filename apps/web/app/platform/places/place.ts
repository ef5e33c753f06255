import type { CountryCode } from '@malewa/contracts/markets';

/** A city the shopper can be in, as the header's place picker lists it. */
export interface Place {
  id: string;
  slug: string;
  name: string;
  countryCode: CountryCode;
  latitude: number;
  longitude: number;
}

/**
 * A place as pages receive it: no location id (a random uuid per city is some 0.6 KB of every
 * page, twice: the picker's options and the hydration data); forms name a city by its slug.
 */
export type ShownPlace = Omit<Place, 'id'>;

/** The place nearest a point (the "use my location" button), by great-circle distance. */
export function nearestPlace<P extends ShownPlace>(
  places: readonly P[],
  latitude: number,
  longitude: number,
): P | undefined {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  let best: P | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const dLat = radians(place.latitude - latitude);
    const dLng = radians(place.longitude - longitude);
    const a =
      Math.sin(dLat / 2) ** 2 +
      Math.cos(radians(latitude)) * Math.cos(radians(place.latitude)) * Math.sin(dLng / 2) ** 2;
    const distance = 2 * Math.asin(Math.sqrt(a));
    if (distance < bestDistance) {
      best = place;
      bestDistance = distance;
    }
  }
  return best;
}
