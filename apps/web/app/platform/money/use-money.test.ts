import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';
import { formatCatalogMoney } from './use-money.ts';

describe('catalog money', () => {
  it('is written as the currency’s own market writes it, in the page’s language', () => {
    // Whatever place the shopper picked: the amount's currency says whose conventions apply.
    expect(formatCatalogMoney({ amount: 120000, currency: 'KES' }, 'en')).toBe(formatMoney(120000, 'KES', 'en-KE'));
    expect(formatCatalogMoney({ amount: 120000, currency: 'ZAR' }, 'en')).toBe(formatMoney(120000, 'ZAR', 'en-ZA'));
    expect(formatCatalogMoney({ amount: 120000, currency: 'ZAR' }, 'en')).not.toBe(formatMoney(120000, 'ZAR', 'en-KE'));
    expect(formatCatalogMoney({ amount: 2500, currency: 'RWF' }, 'fr')).toBe(formatMoney(2500, 'RWF', 'fr-RW'));
    expect(formatCatalogMoney({ amount: 1250, currency: 'USD' }, 'en')).toBe(formatMoney(1250, 'USD', 'en-ZW'));
  });

  it('keeps whole francs whole', () => {
    expect(formatCatalogMoney({ amount: 2500, currency: 'RWF' }, 'en')).not.toMatch(/[.,]00\b/);
  });
});
