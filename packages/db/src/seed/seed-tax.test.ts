import type { CountryCode } from '@malewa/contracts/country-codes';
import { isVatNumberOf } from '@malewa/contracts/provider/vat-number';
import { describe, expect, it } from 'vitest';
import { readMarketCatalogs } from './seed-catalog.ts';
import { seedTaxClass, seedVatRegistrations } from './seed-tax.ts';

const catalogs = readMarketCatalogs();
const catalogOf = (market: string) => {
  const catalog = catalogs.find((candidate) => candidate.market === market);
  if (!catalog) throw new Error(`no ${market} catalog`);
  return catalog;
};
const classOf = (market: string, key: string) => {
  const item = catalogOf(market).items.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`no ${key} in ${market}`);
  return seedTaxClass(market, item);
};

describe('the seed’s tax classes', () => {
  it('zero-rate South Africa’s basic foods, and nothing prepared or flavoured', () => {
    for (const key of ['white-maize-meal-5kg', 'samp-2kg', 'rice-2kg', 'sugar-beans-1kg', 'brown-bread', 'eggs-18']) {
      expect(classOf('ZA', key), key).toBe('zero');
    }
    for (const key of ['sunflower-oil-2l', 'amasi-2l', 'tomatoes-kg', 'spinach-bunch', 'bananas-kg']) {
      expect(classOf('ZA', key), key).toBe('zero');
    }
    for (const key of ['baked-beans-tin', 'yellow-rice-spice', 'cheddar-400g', 'boerewors-1kg', 'mageu-1l']) {
      expect(classOf('ZA', key), key).toBe('standard');
    }
  });

  it('exempt Kenya’s and Mozambique’s basic foods', () => {
    for (const key of [
      'white-maize-meal-2kg',
      'pishori-rice-2kg',
      'fresh-milk-500ml',
      'eggs-tray-30',
      'sukuma-wiki-bunch',
    ]) {
      expect(classOf('KE', key), key).toBe('exempt');
    }
    expect(classOf('KE', 'cola-500ml')).toBe('standard');
    for (const key of ['farinha-milho-5kg', 'arroz-5kg', 'pao-de-forma', 'tomate-kg', 'cebola-kg', 'carapau-kg']) {
      expect(classOf('MZ', key), key).toBe('exempt');
    }
    for (const key of ['massa-tomate-70g', 'batata-frita-pacote', 'batata-doce-kg', 'pao-ralado-500g']) {
      expect(classOf('MZ', key), key).toBe('standard');
    }
  });

  it('keep every cooked meal and every item of the other markets standard', () => {
    for (const catalog of catalogs) {
      for (const item of catalog.items) {
        if (item.type === 'meal' || item.type === 'experience' || !['ZA', 'KE', 'MZ'].includes(catalog.market)) {
          expect(seedTaxClass(catalog.market, item), `${catalog.market} ${item.key}`).toBe('standard');
        }
      }
    }
  });
});

describe('the seed’s VAT registrations', () => {
  it('register about half of each market’s active shops, each with a number of its market and a name', () => {
    for (const catalog of catalogs) {
      const active = catalog.providers.filter((shop) => shop.status === 'active');
      const registered = seedVatRegistrations(catalog.market, catalog.providers);
      expect(registered.size, catalog.market).toBe(Math.ceil(active.length / 2));
      expect(active.length - registered.size, `${catalog.market} unregistered`).toBeGreaterThan(0);
      for (const [slug, registration] of registered) {
        expect(
          isVatNumberOf(catalog.market as CountryCode, registration.vatNumber),
          `${slug} ${registration.vatNumber}`,
        ).toBe(true);
        expect(registration.legalName.length).toBeGreaterThan(5);
      }
    }
  });

  it('are the same on every seeding', () => {
    const market = catalogOf('KE');
    expect([...seedVatRegistrations('KE', market.providers)]).toEqual([
      ...seedVatRegistrations('KE', market.providers),
    ]);
  });
});
