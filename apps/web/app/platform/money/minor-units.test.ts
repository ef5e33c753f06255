import { describe, expect, it } from 'vitest';
import { majorOf, minorOf } from './minor-units.ts';

describe('minor units in forms', () => {
  it('reads an amount as typed, in the currency’s minor units', () => {
    expect(minorOf('550', 'KES')).toBe(55000);
    expect(minorOf('12,50', 'ZAR')).toBe(1250);
    expect(minorOf('1 200', 'RWF')).toBe(1200);
  });

  it('refuses what is not an amount, more decimals than the currency has, zero unless allowed, and above the cap', () => {
    expect(minorOf('twelve', 'KES')).toBeUndefined();
    expect(minorOf('12.5', 'RWF')).toBeUndefined();
    expect(minorOf('0', 'KES')).toBeUndefined();
    expect(minorOf('0', 'KES', { zero: true })).toBe(0);
    expect(minorOf('2000000', 'KES')).toBeUndefined();
  });

  it('writes minor units back as a form shows them', () => {
    expect(majorOf(55000, 'KES')).toBe('550');
    expect(majorOf(1250, 'ZAR')).toBe('12.5');
    expect(majorOf(1200, 'RWF')).toBe('1200');
  });
});
