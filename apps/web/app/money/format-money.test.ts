import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

/** Intl puts no-break spaces where a line must not break: compare them as spaces. */
const money = (...args: Parameters<typeof formatMoney>) => formatMoney(...args).replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('reads minor units by the currency’s own number of decimals', () => {
    expect(money(12_345, 'KES', 'en-KE')).toBe('Ksh 123.45');
    expect(money(12_345, 'RWF', 'en-RW')).toBe('RF 12,345');
    expect(money(0, 'ZAR', 'en-ZA')).toBe('R 0,00');
  });

  it('writes the amount the way the page’s language does', () => {
    expect(money(150_000, 'MZN', 'pt-MZ')).toBe('1500,00 MTn');
    expect(money(0, 'USD', 'en-ZW')).toBe('US$0.00');
  });
});
