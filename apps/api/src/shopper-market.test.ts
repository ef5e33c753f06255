import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { isPlaceRefused, type PlaceLookups, shopperPlace } from './shopper-market.ts';

const KIGALI = '0b6f3c4e-2d8a-4c1b-9e5f-7a3d2c1b0a99';
const MARKETS = { KE: { countryCode: 'KE', defaultLocale: 'sw' }, RW: { countryCode: 'RW', defaultLocale: 'rw' } };
const lookups: PlaceLookups<{ countryCode: string; defaultLocale: string }> = {
  market: async (code) => MARKETS[code as keyof typeof MARKETS],
  location: async (id) => (id === KIGALI ? { countryCode: 'RW', latitude: -1.95, longitude: 30.06 } : undefined),
};

async function refusedField(headers: Parameters<typeof shopperPlace>[1]) {
  const error = await shopperPlace(lookups, headers).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return Object.keys((error as AppError).fields ?? {});
}

describe('where the shopper is', () => {
  it('is the location’s market and centre, whatever X-STORE-ID says', async () => {
    const place = await shopperPlace(lookups, { storeId: 'KE', storeLocation: KIGALI, language: 'fr' });
    expect(place).toEqual({
      market: MARKETS.RW,
      centre: { latitude: -1.95, longitude: 30.06 },
      languages: ['fr', 'rw', 'en'],
    });
  });

  it('is X-STORE-ID’s market, with no point, without a location', async () => {
    const place = await shopperPlace(lookups, { storeId: ' ke ', storeLocation: undefined, language: 'sw' });
    expect(place).toEqual({ market: MARKETS.KE, centre: null, languages: ['sw', 'en'] });
  });

  it('refuses, on its header, a location or a market we do not serve', async () => {
    expect(await refusedField({ storeId: 'KE', storeLocation: 'not-a-uuid', language: undefined })).toEqual([
      'X-STORE-LOCATION',
    ]);
    const unknown = '0b6f3c4e-2d8a-4c1b-9e5f-000000000000';
    expect(await refusedField({ storeId: 'KE', storeLocation: unknown, language: undefined })).toEqual([
      'X-STORE-LOCATION',
    ]);
    expect(await refusedField({ storeId: 'US', storeLocation: undefined, language: undefined })).toEqual([
      'X-STORE-ID',
    ]);
    expect(await refusedField({ storeId: undefined, storeLocation: ' ', language: undefined })).toEqual(['X-STORE-ID']);
  });

  it('is told apart from every other refusal, for callers that can do without the market', async () => {
    for (const headers of [
      { storeId: 'US', storeLocation: undefined, language: undefined },
      { storeId: 'KE', storeLocation: 'not-a-uuid', language: undefined },
    ]) {
      expect(isPlaceRefused(await shopperPlace(lookups, headers).catch((caught: unknown) => caught))).toBe(true);
    }
    // Another field's refusal, a refusal naming no field, or another code: not the place's.
    expect(isPlaceRefused(new AppError('VALIDATION_FAILED', 'bad', { fields: { quantity: ['Too many'] } }))).toBe(
      false,
    );
    expect(
      isPlaceRefused(new AppError('VALIDATION_FAILED', 'bad', { fields: { 'X-STORE-ID': ['x'], quantity: ['y'] } })),
    ).toBe(false);
    expect(isPlaceRefused(new AppError('VALIDATION_FAILED', 'bad'))).toBe(false);
    expect(isPlaceRefused(new AppError('NOT_FOUND', 'gone', { fields: { 'X-STORE-ID': ['x'] } }))).toBe(false);
  });
});
