import { describe, expect, it } from 'vitest';
import { discountShares, vatOf } from './vat.ts';

const NOW = new Date('2026-11-28T10:00:00Z');

describe('vatOf', () => {
  it('takes the VAT out of VAT-inclusive prices, per rate', () => {
    // R115.00 at 15 % holds R15.00.
    expect(vatOf([{ gross: 11_500, taxClass: 'standard' }], 'ZA', NOW)).toEqual({
      tax: [{ rate: 1500, taxable: 10_000, amount: 1_500 }],
      exempt: 0,
    });
  });

  it('rounds once per rate, not per line', () => {
    // Each R10.00 line alone holds 130.43 cents (130); the R30.00 they come to holds 391.30.
    const lines = [1_000, 1_000, 1_000].map((gross) => ({ gross, taxClass: 'standard' as const }));
    const perLine = lines.reduce((sum, line) => sum + (vatOf([line], 'ZA', NOW).tax[0]?.amount ?? 0), 0);
    expect(perLine).toBe(390);
    expect(vatOf(lines, 'ZA', NOW).tax).toEqual([{ rate: 1500, taxable: 2_609, amount: 391 }]);
  });

  it('shows zero-rated lines as a 0 % row and exempt lines apart', () => {
    const vat = vatOf(
      [
        { gross: 2_300, taxClass: 'standard' },
        { gross: 1_800, taxClass: 'zero' },
        { gross: 900, taxClass: 'exempt' },
        { gross: 1_150, taxClass: 'standard' },
        { gross: 400, taxClass: 'zero' },
      ],
      'ZA',
      NOW,
    );
    expect(vat).toEqual({
      tax: [
        { rate: 1500, taxable: 3_000, amount: 450 },
        { rate: 0, taxable: 2_200, amount: 0 },
      ],
      exempt: 900,
    });
  });

  it('rounds an exact half up', () => {
    // At Botswana's 12 %, 42 thebe hold 42 × 1200 / 11200 = 4.5.
    expect(vatOf([{ gross: 42, taxClass: 'standard' }], 'BW', new Date('2022-12-15T12:00:00Z')).tax).toEqual([
      { rate: 1200, taxable: 37, amount: 5 },
    ]);
  });

  it('uses the rate in force at the time of supply', () => {
    const lines = [{ gross: 11_550, taxClass: 'standard' as const }];
    expect(vatOf(lines, 'ZW', new Date('2025-12-31T22:30:00Z')).tax).toEqual([
      { rate: 1550, taxable: 10_000, amount: 1_550 },
    ]);
    expect(vatOf(lines, 'ZW', new Date('2025-12-31T21:30:00Z')).tax).toEqual([
      { rate: 1500, taxable: 10_043, amount: 1_507 },
    ]);
  });

  it('gives nothing for no lines', () => {
    expect(vatOf([], 'KE', NOW)).toEqual({ tax: [], exempt: 0 });
  });
});

describe('discountShares', () => {
  it('spreads a discount over the lines in whole units that add up to it', () => {
    expect(discountShares([{ gross: 2_000 }, { gross: 1_000 }, { gross: 1_000 }], 1_000)).toEqual([500, 250, 250]);
    expect(discountShares([{ gross: 1 }, { gross: 1 }, { gross: 1 }], 2)).toEqual([1, 1, 0]);
  });

  it('refuses a discount larger than the goods', () => {
    expect(() => discountShares([{ gross: 100 }], 101)).toThrow(RangeError);
  });
});
