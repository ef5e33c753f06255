import { describe, expect, it } from 'vitest';
import { phoneOfCountry } from './phone-of-country.ts';

describe('phoneOfCountry', () => {
  it.each([
    ['0712 345678', 'KE', '+254712345678'],
    ['+254 712 345678', 'KE', '+254712345678'],
    ['082 123 4567', 'ZA', '+27821234567'],
    ['+258 84 123 4567', 'MZ', '+258841234567'],
  ])('takes %s as a number of %s', (raw, country, e164) => {
    expect(phoneOfCountry(raw, country)).toBe(e164);
  });

  it.each([
    ['+27 82 123 4567', 'KE'],
    ['+254 712 345678', 'RW'],
    ['0712', 'KE'],
    ['not a number', 'ZA'],
  ])('refuses %s for %s: valid elsewhere or nowhere', (raw, country) => {
    expect(phoneOfCountry(raw, country)).toBeUndefined();
  });
});
