import { describe, expect, it } from 'vitest';
import { pricesInMinorUnits } from './collection-page.server.ts';

const params = (query: string) => new URLSearchParams(query);

describe('the price filter', () => {
  it('sends the API minor units of what the shopper typed, in major units', () => {
    const sent = pricesInMinorUnits(params('priceMin=15&priceMax=1500.50&sortBy=price'), 'KES');
    expect(sent).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(sent as URLSearchParams)).toEqual({
      priceMin: '1500',
      priceMax: '150050',
      sortBy: 'price',
    });
    expect(Object.fromEntries(pricesInMinorUnits(params('priceMax=2000'), 'RWF') as URLSearchParams)).toEqual({
      priceMax: '2000',
    });
    expect(Object.fromEntries(pricesInMinorUnits(params('priceMin=0&priceMax='), 'ZAR') as URLSearchParams)).toEqual({
      priceMin: '0',
    });
  });

  it('refuses beside its field a price that is not one, rather than filter by something else', () => {
    for (const bad of ['-5', 'abc', '1e3', '0x10', '12.5']) {
      expect(pricesInMinorUnits(params(`priceMax=${bad}`), 'RWF'), bad).toEqual({
        refused: { status: 400, errors: { priceMax: [expect.any(String)] } },
      });
    }
  });
});
