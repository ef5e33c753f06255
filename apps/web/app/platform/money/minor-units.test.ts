import { describe, expect, it } from 'vitest';
import { majorOf, minorOf } from './minor-units.ts';

/** Each text, typed in a form for its currency, is read as those minor units. */
function expectRead(cases: readonly (readonly [typed: string, currency: string, minor: number])[]) {
  for (const [typed, currency, minor] of cases) expect(minorOf(typed, currency), typed).toBe(minor);
}

describe('minor units in forms', () => {
  it('reads an amount as typed, in the currency’s minor units', () => {
    expect(minorOf('550', 'KES')).toBe(55000);
    expect(minorOf('12,50', 'ZAR')).toBe(1250);
    expect(minorOf('1 200', 'RWF')).toBe(1200);
    expect(minorOf(' 550.5 ', 'KES')).toBe(55050);
  });

  it('takes the thousands as each language groups them', () => {
    expectRead([
      ['1,200', 'KES', 120000],
      ['1,200.50', 'KES', 120050],
      ['1.200,50', 'MZN', 120050],
      ['1.200', 'MZN', 120000],
      ['1 200,5', 'ZAR', 120050],
      ['1\u202f200,50', 'MZN', 120050],
      ['1\u00a0200', 'RWF', 1200],
      ["1'200", 'BWP', 120000],
      ['1,234,567', 'RWF', 1234567],
      ['10,000', 'RWF', 10000],
    ]);
  });

  it('reads the digits of Arabic keyboards', () => {
    expectRead([
      ['١٢٠٠', 'KES', 120000],
      ['١٢٠٠٫٥', 'KES', 120050],
      ['١٬٢٠٠', 'RWF', 1200],
      ['۵۵۰', 'ZAR', 55000],
    ]);
  });

  it('refuses what is not an amount, more decimals than the currency has, zero unless allowed, and above the cap', () => {
    for (const bad of ['', 'twelve', '-5', '1e5', '12..5', '1,2,3.4.5', '5 KES', '+5', 'Infinity', '0x10']) {
      expect(minorOf(bad, 'KES'), bad).toBeUndefined();
    }
    expect(minorOf('12.5', 'RWF')).toBeUndefined();
    expect(minorOf('1.234', 'KES')).toBe(123400);
    expect(minorOf('1.2345', 'KES')).toBeUndefined();
    expect(minorOf('0', 'KES')).toBeUndefined();
    expect(minorOf('0', 'KES', { zero: true })).toBe(0);
    expect(minorOf('2000000', 'KES')).toBeUndefined();
    expect(minorOf('2000000', 'KES', { max: Number.MAX_SAFE_INTEGER })).toBe(200000000);
  });

  it('writes minor units back as a form shows them, and reads them back the same', () => {
    expect(majorOf(55000, 'KES')).toBe('550');
    expect(majorOf(1250, 'ZAR')).toBe('12.5');
    expect(majorOf(1200, 'RWF')).toBe('1200');
    for (const [minor, currency] of [
      [55050, 'KES'],
      [1, 'ZAR'],
      [999999, 'RWF'],
      [120000, 'MZN'],
    ] as const) {
      expect(minorOf(majorOf(minor, currency), currency)).toBe(minor);
    }
  });
});
