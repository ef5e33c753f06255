import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { describe, expect, it } from 'vitest';
import { rateAt, STANDARD_RATES } from './tax-rates.ts';

describe('rateAt', () => {
  it('gives each market its standard rate today', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(COUNTRY_CODES.map((market) => rateAt(market, 'standard', at))).toEqual([1500, 1600, 1800, 1400, 1550, 1600]);
  });

  it('gives Zimbabwe 15.5 % in 2026 and 15 % in 2025', () => {
    expect(rateAt('ZW', 'standard', new Date('2026-03-01T12:00:00Z'))).toBe(1550);
    expect(rateAt('ZW', 'standard', new Date('2025-06-01T12:00:00Z'))).toBe(1500);
    expect(rateAt('ZW', 'standard', new Date('2022-06-01T12:00:00Z'))).toBe(1450);
  });

  it("changes rate on the market's own calendar, not UTC's", () => {
    // 22:30 UTC on 31 December is 00:30 on 1 January in Harare (UTC+2).
    expect(rateAt('ZW', 'standard', new Date('2025-12-31T21:59:59Z'))).toBe(1500);
    expect(rateAt('ZW', 'standard', new Date('2025-12-31T22:30:00Z'))).toBe(1550);
  });

  it('gives Botswana 12 % inside its temporary window and 14 % either side', () => {
    expect(rateAt('BW', 'standard', new Date('2022-08-02T12:00:00Z'))).toBe(1400);
    expect(rateAt('BW', 'standard', new Date('2022-08-03T12:00:00Z'))).toBe(1200);
    expect(rateAt('BW', 'standard', new Date('2022-12-15T12:00:00Z'))).toBe(1200);
    expect(rateAt('BW', 'standard', new Date('2023-03-31T21:59:00Z'))).toBe(1200);
    expect(rateAt('BW', 'standard', new Date('2023-03-31T22:00:00Z'))).toBe(1400);
    expect(rateAt('BW', 'standard', new Date('2021-03-31T12:00:00Z'))).toBe(1200);
    expect(rateAt('BW', 'standard', new Date('2021-04-01T12:00:00Z'))).toBe(1400);
  });

  it('gives Kenya 14 % in 2020 only and Mozambique 17 % before 2023', () => {
    expect(rateAt('KE', 'standard', new Date('2020-07-01T12:00:00Z'))).toBe(1400);
    expect(rateAt('KE', 'standard', new Date('2021-01-01T12:00:00Z'))).toBe(1600);
    expect(rateAt('MZ', 'standard', new Date('2022-12-31T12:00:00Z'))).toBe(1700);
    expect(rateAt('MZ', 'standard', new Date('2023-01-01T12:00:00Z'))).toBe(1600);
  });

  it('gives zero-rated 0 and exempt no rate at all', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(rateAt('ZA', 'zero', at)).toBe(0);
    expect(rateAt('ZA', 'exempt', at)).toBeNull();
  });

  it('refuses a date before the table starts rather than guess', () => {
    expect(() => rateAt('ZA', 'standard', new Date('2017-06-01T12:00:00Z'))).toThrow(RangeError);
  });

  it('keeps every table in date order', () => {
    for (const periods of Object.values(STANDARD_RATES)) {
      const dates = periods.map((period) => period.from);
      expect(dates).toEqual([...dates].sort());
    }
  });
});
