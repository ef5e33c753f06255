import { describe, expect, it } from 'vitest';
import { isVatNumberOf, normalizeVatNumber, VAT_NUMBER_EXAMPLES } from './vat-number.ts';

describe('a VAT number of a market', () => {
  it('is each market’s example, and what people type with spaces and dashes', () => {
    for (const [market, example] of Object.entries(VAT_NUMBER_EXAMPLES)) {
      expect(isVatNumberOf(market as keyof typeof VAT_NUMBER_EXAMPLES, example), market).toBe(true);
    }
    expect(isVatNumberOf('ZA', '412 345 6789')).toBe(true);
    expect(isVatNumberOf('KE', 'p051-234567x')).toBe(true);
    expect(normalizeVatNumber(' p051 234.567-x ')).toBe('P051234567X');
  });

  it('is refused when it has another market’s shape, or too few or too many characters', () => {
    expect(isVatNumberOf('ZA', '5123456789')).toBe(false);
    expect(isVatNumberOf('ZA', '412345678')).toBe(false);
    expect(isVatNumberOf('ZA', 'P051234567X')).toBe(false);
    expect(isVatNumberOf('KE', '4123456789')).toBe(false);
    expect(isVatNumberOf('KE', 'P0512345678')).toBe(false);
    expect(isVatNumberOf('RW', '1234')).toBe(false);
    expect(isVatNumberOf('MZ', 'A'.repeat(21))).toBe(false);
    expect(isVatNumberOf('BW', 'P03 0123 4567 8')).toBe(true);
    expect(isVatNumberOf('ZW', '10012#45')).toBe(false);
  });
});
