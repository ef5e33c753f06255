import { ASSUMED_SPEED_KMH, type Vehicle } from './vocabulary.ts';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in kilometres (haversine): close enough to rank riders in a city. */
export function distanceKm(from: Point, to: Point): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLng = (to.longitude - from.longitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Streets wind: a straight line is about this much shorter than the ride. */
const WINDING = 1.3;

/**
 * Speed over a rider's recent positions (newest first, at most 10 minutes back), in km/h; null
 * when they say too little (fewer than two, or less than a minute apart). Clamped to what a
 * rider in town does, so one jumpy GPS fix does not promise arrival in seconds.
 */
export function recentSpeedKmh(positions: readonly (Point & { at: Date })[]): number | null {
  const newest = positions[0];
  if (!newest) return null;
  const recent = positions.filter((p) => newest.at.getTime() - p.at.getTime() <= 10 * 60_000);
  const oldest = recent.at(-1);
  if (!oldest || recent.length < 2) return null;
  const hours = (newest.at.getTime() - oldest.at.getTime()) / 3_600_000;
  if (hours < 1 / 60) return null;
  let km = 0;
  for (let i = 1; i < recent.length; i += 1) {
    const a = recent[i - 1];
    const b = recent[i];
    if (a && b) km += distanceKm(a, b);
  }
  return Math.min(45, Math.max(4, km / hours));
}

/**
 * Minutes to the door: the straight line, made longer for the streets, at the rider's recent
 * speed, or the vehicle's usual one before there is any.
 */
export function etaMinutes(from: Point, to: Point, vehicle: Vehicle, speedKmh: number | null): number {
  const speed = speedKmh ?? ASSUMED_SPEED_KMH[vehicle];
  return Math.ceil(((distanceKm(from, to) * WINDING) / speed) * 60);
}
