import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

/** Intl puts no-break spaces where a line must not break, and marks in RTL: compare them as spaces. */
const money = (...args: Parameters<typeof formatMoney>) =>
  formatMoney(...args)
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[\u200e\u200f\u061c]/g, '');

describe('formatMoney', () => {
  it('reads minor units by the currency’s own number of decimals', () => {
    expect(money(12_345, 'KES', 'en-KE')).toBe('KSh 123.45');
    expect(money(12_345, 'RWF', 'en-RW')).toBe('RF 12,345');
    expect(money(0, 'ZAR', 'en-ZA')).toBe('R 0,00');
  });

  it('writes the amount the way the page’s language does', () => {
    expect(money(150_000, 'MZN', 'pt-MZ')).toBe('1500,00 MT');
    expect(money(0, 'USD', 'en-ZW')).toBe('US$0.00');
  });

  it('writes each market’s own symbol in every language, never the ISO code', () => {
    for (const [currency, market, symbol] of [
      ['ZAR', 'ZA', 'R'],
      ['KES', 'KE', 'KSh'],
      ['RWF', 'RW', 'RF'],
      ['BWP', 'BW', 'P'],
      ['MZN', 'MZ', 'MT'],
      ['USD', 'ZW', 'US$'],
      ['ZWG', 'ZW', 'ZiG'],
    ] as const) {
      for (const language of ['en', 'ar', 'fr', 'pt', 'sw', 'zu', 'rw', 'sn', 'tn']) {
        const text = money(1000, currency, `${language}-${market}`);
        expect(text, `${language}-${market}`).toContain(symbol);
        expect(text, `${language}-${market}`).not.toContain(currency === 'USD' ? 'USD' : currency);
      }
    }
  });
});
