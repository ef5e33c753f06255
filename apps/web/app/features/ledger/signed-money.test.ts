import { describe, expect, it } from 'vitest';
import { signedMoney } from './signed-money.ts';

describe('signedMoney', () => {
  it('writes a negative amount with a minus sign before the market’s own writing of it', () => {
    expect(signedMoney(-120_000, 'KES', 'en-KE')).toMatch(/^−KSh\s1,200\.00$/);
    expect(signedMoney(120_000, 'KES', 'en-KE')).toMatch(/^KSh\s1,200\.00$/);
    expect(signedMoney(-5000, 'RWF', 'fr-RW').startsWith('−')).toBe(true);
    expect(signedMoney(-120_000, 'KES', 'ar-KE')).not.toContain('-');
  });
});
