import type { TestDatabase } from '@malewa/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKmBetween } from '#api/pricing/delivery-quote.ts';
import { createSeededDatabase } from '#api/testing/test-app.ts';
import { type CatalogRepository, createCatalogRepository, type Page, type Scope } from './catalog-repository.ts';

// A Tuesday, 12:30 in Nairobi: lunch hours.
const LUNCH = new Date('2026-11-24T09:30:00Z');
// The same Tuesday, 03:30 in Nairobi.
const NIGHT = new Date('2026-11-24T00:30:00Z');
const NAIROBI = { latitude: -1.2921, longitude: 36.8219 };
const MOMBASA = { latitude: -4.0435, longitude: 39.6682 };
const MEALS = ['meal'];

let database: TestDatabase;
let catalog: CatalogRepository;

beforeAll(async () => {
  database = await createSeededDatabase({ now: LUNCH });
  catalog = createCatalogRepository(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

function kenya(overrides: Partial<Scope> = {}): Scope {
  return { countryCode: 'KE', service: 'food', point: undefined, languages: ['en'], now: LUNCH, ...overrides };
}

function page(overrides: Partial<Page> = {}): Page {
  return { offset: 0, limit: 100, sort: { field: 'popularity', order: 'desc' }, ...overrides };
}

/**
 * The lists are prepared statements made once per shape: each request after the first of its
 * shape runs the statement made for the first. Each case here asks twice in one shape with
 * different values, and the second answer must be that of its own values, not the first's.
 */
describe('catalog lists, asked again in the same shape with other values', () => {
  it('reads the point it is given: the providers that deliver there, and their distance from it', async () => {
    const nairobi = await catalog.listItems(kenya({ point: NAIROBI }), { types: MEALS }, page());
    const mombasa = await catalog.listItems(kenya({ point: MOMBASA }), { types: MEALS }, page());
    expect(nairobi.rows.length).toBeGreaterThan(0);
    expect(mombasa.rows.length).toBeGreaterThan(0);
    const nairobiIds = new Set(nairobi.rows.map((row) => row.id));
    expect(mombasa.rows.some((row) => nairobiIds.has(row.id))).toBe(false);
    const providers = await catalog.listProviders(kenya({ point: MOMBASA }), {}, page());
    for (const provider of providers.rows) {
      expect(provider.distanceKm).toBeCloseTo(distanceKmBetween(MOMBASA, provider), 1);
    }
    const nearNairobi = await catalog.listProviders(kenya({ point: NAIROBI }), {}, page());
    for (const provider of nearNairobi.rows) {
      expect(provider.distanceKm).toBeCloseTo(distanceKmBetween(NAIROBI, provider), 1);
    }
  });

  it('reads the moment it is given: open at lunch, closed at night', async () => {
    const lunch = await catalog.listProviders(kenya({ now: LUNCH }), { openNow: true }, page());
    const night = await catalog.listProviders(kenya({ now: NIGHT }), { openNow: true }, page());
    expect(lunch.total).toBeGreaterThan(night.total);
    const cards = await catalog.listItems(kenya({ now: NIGHT }), { types: MEALS }, page());
    expect(cards.rows.filter((row) => row.provider.openNow).length).toBeLessThan(cards.rows.length);
  });

  it('reads the filters it is given', async () => {
    const grills = await catalog.listItems(kenya(), { types: MEALS, category: 'grills' }, page());
    const stews = await catalog.listItems(kenya(), { types: MEALS, category: 'stews' }, page());
    expect(grills.rows.length).toBeGreaterThan(0);
    expect(stews.rows.length).toBeGreaterThan(0);
    expect(grills.rows.every((row) => row.category === 'grills')).toBe(true);
    expect(stews.rows.every((row) => row.category === 'stews')).toBe(true);

    const all = await catalog.listItems(kenya(), { types: MEALS }, page({ sort: { field: 'price', order: 'asc' } }));
    const prices = all.rows.map((row) => row.price);
    const middle = prices[Math.floor(prices.length / 2)] ?? 0;
    const cheap = await catalog.listItems(kenya(), { types: MEALS, priceMax: middle }, page());
    const cheapest = await catalog.listItems(kenya(), { types: MEALS, priceMax: prices[0] ?? 0 }, page());
    expect(cheap.rows.every((row) => row.price <= middle)).toBe(true);
    expect(cheapest.rows.every((row) => row.price <= (prices[0] ?? 0))).toBe(true);
    expect(cheapest.total).toBeLessThan(cheap.total);

    const [first, second] = [...new Set(all.rows.map((row) => row.provider.slug))];
    const ofFirst = await catalog.listItems(kenya(), { types: MEALS, provider: first }, page());
    const ofSecond = await catalog.listItems(kenya(), { types: MEALS, provider: second }, page());
    expect(ofFirst.rows.every((row) => row.provider.slug === first)).toBe(true);
    expect(ofSecond.rows.every((row) => row.provider.slug === second)).toBe(true);

    const someIds = all.rows.slice(0, 2).map((row) => row.id);
    const otherIds = all.rows.slice(2, 5).map((row) => row.id);
    const some = await catalog.listItems(kenya(), { types: MEALS, ids: someIds }, page());
    const other = await catalog.listItems(kenya(), { types: MEALS, ids: otherIds }, page());
    expect(some.rows.map((row) => row.id).sort()).toEqual([...someIds].sort());
    expect(other.rows.map((row) => row.id).sort()).toEqual([...otherIds].sort());
    const none = await catalog.listItems(kenya(), { types: MEALS, ids: [] }, page());
    expect(none.total).toBe(0);

    const chapati = await catalog.listItems(kenya(), { types: MEALS, searchKeyword: 'chapati' }, page());
    const pilau = await catalog.listItems(kenya(), { types: MEALS, searchKeyword: 'pilau' }, page());
    expect(chapati.rows.length).toBeGreaterThan(0);
    expect(pilau.rows.length).toBeGreaterThan(0);
    expect(chapati.rows.some((row) => pilau.rows.some((other) => other.id === row.id))).toBe(false);

    const products = await catalog.listItems(kenya({ service: 'grocery' }), { types: ['product'] }, page());
    expect(products.rows.length).toBeGreaterThan(0);
    expect(products.rows.every((row) => row.service === 'grocery' && row.type === 'product')).toBe(true);
  });

  it('reads the market, the language order and the page it is given', async () => {
    const rwanda = await catalog.listItems(kenya({ countryCode: 'RW' }), { types: MEALS }, page());
    expect(rwanda.rows.length).toBeGreaterThan(0);
    expect(rwanda.rows.every((row) => row.currency === 'RWF')).toBe(true);

    const byName = (languages: string[]) =>
      catalog.listItems(kenya({ languages }), { types: MEALS }, page({ sort: { field: 'name', order: 'asc' } }));
    for (const languages of [
      ['sw', 'en'],
      ['fr', 'en'],
    ]) {
      const names = (await byName(languages)).rows.map((row) =>
        (languages.map((lang) => row.name[lang]).find(Boolean) ?? row.name.en ?? '').toLowerCase(),
      );
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }

    const first = await catalog.listItems(kenya(), { types: MEALS }, page({ limit: 5, offset: 0 }));
    const second = await catalog.listItems(kenya(), { types: MEALS }, page({ limit: 5, offset: 5 }));
    expect(first.rows).toHaveLength(5);
    expect(second.rows).toHaveLength(5);
    expect(second.rows.some((row) => first.rows.some((other) => other.id === row.id))).toBe(false);
  });
});
