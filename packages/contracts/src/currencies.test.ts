import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyDigits } from './currencies.ts';

describe('currencyDigits', () => {
  it('gives each market currency its ISO 4217 minor unit: none for the Rwandan franc, cents for the rest', () => {
    expect(Object.fromEntries(CURRENCY_CODES.map((code) => [code, currencyDigits(code)]))).toEqual({
      ZAR: 2,
      KES: 2,
      RWF: 0,
      BWP: 2,
      USD: 2,
      ZWG: 2,
      MZN: 2,
    });
  });

  it('answers the same when asked again, and for currencies beyond the markets', () => {
    expect(currencyDigits('RWF')).toBe(0);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('refuses what is not a currency code, as Intl does', () => {
    expect(() => currencyDigits('not a currency')).toThrow(RangeError);
  });
});
