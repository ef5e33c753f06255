import { describe, expect, it } from 'vitest';
import { nearestPlace, type Place } from './place.ts';
import { currentPlace, PLACE_COOKIE, placeCookie } from './places.server.ts';

const place = (slug: string, countryCode: Place['countryCode'], latitude: number, longitude: number): Place => ({
  id: `00000000-0000-4000-8000-${String(slug.length).padStart(12, '0')}${slug}`.slice(0, 36),
  slug,
  name: slug,
  countryCode,
  latitude,
  longitude,
});
// In the API's order (by slug), so a market's main city is not simply the first one.
const PLACES = [
  place('cape-town', 'ZA', -33.92, 18.42),
  place('gaborone', 'BW', -24.65, 25.91),
  place('johannesburg', 'ZA', -26.2, 28.05),
  place('kisumu', 'KE', -0.09, 34.77),
  place('nairobi', 'KE', -1.29, 36.82),
  place('kigali', 'RW', -1.94, 30.06),
].map((entry, index) => ({ ...entry, id: `00000000-0000-4000-8000-00000000000${index}` }));
const byName = (name: string) => PLACES.find((entry) => entry.slug === name);
const withCookie = (id?: string) =>
  new Request('http://shop.test/food', id ? { headers: { cookie: `${PLACE_COOKIE}=${id}` } } : undefined);

describe('currentPlace', () => {
  it('opens a first visit on the market’s main city, and South Africa’s when no market is named', () => {
    expect(currentPlace(withCookie(), PLACES, 'KE')).toBe(byName('nairobi'));
    expect(currentPlace(withCookie(), PLACES, undefined)).toBe(byName('johannesburg'));
  });

  it('keeps the chosen city while it lies in the market, and leaves it when the market changes', () => {
    expect(currentPlace(withCookie(byName('kisumu')?.id), PLACES, 'KE')).toBe(byName('kisumu'));
    expect(currentPlace(withCookie(byName('kisumu')?.id), PLACES, undefined)).toBe(byName('kisumu'));
    expect(currentPlace(withCookie(byName('kisumu')?.id), PLACES, 'RW')).toBe(byName('kigali'));
  });

  it('ignores a cookie that names no city of ours', () => {
    expect(currentPlace(withCookie('not-a-place'), PLACES, 'ZA')).toBe(byName('johannesburg'));
  });
});

describe('placeCookie', () => {
  it('is httpOnly, Lax, a year, and Secure on https only', () => {
    const nairobi = byName('nairobi') as Place;
    const plain = placeCookie(nairobi, new Request('http://shop.test/'));
    expect(plain).toBe(`${PLACE_COOKIE}=${nairobi.id}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`);
    expect(placeCookie(nairobi, new Request('https://shop.test/'))).toMatch(/; Secure$/);
  });
});

describe('nearestPlace', () => {
  it('picks the city nearest a position', () => {
    expect(nearestPlace(PLACES, -1.3, 36.9)).toBe(byName('nairobi'));
    expect(nearestPlace(PLACES, -34.0, 18.5)).toBe(byName('cape-town'));
    expect(nearestPlace([], 0, 0)).toBeUndefined();
  });
});
