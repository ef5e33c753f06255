import type { SearchCatalogResponse, SuggestCatalogResponse } from '@malewa/contracts/catalog/search-catalog';
import type { ErrorResponse } from '@malewa/contracts/errors';
import { catalogWords, items } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';
import { createCatalogSearchRepository } from './catalog-search-repository.ts';
import { queryWords } from './search-words.ts';

const NOW = new Date('2026-11-24T09:30:00Z');
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

async function search(path: string, market = 'KE', status = 200) {
  const response = await app.inject({ method: 'GET', url: `/api/${path}`, headers: { 'x-store-id': market } });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<SearchCatalogResponse>();
}

const names = (result: SearchCatalogResponse) => result.data.items.map((item) => item.name.text);

describe('queryWords', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(queryWords("  Matapá, JOLOF!  'rice':* | ")).toEqual(['matapa', 'jolof', 'rice']);
    expect(queryWords('')).toEqual([]);
  });

  it("drops one-letter words beside longer ones (the catalog knows none): Hodan's Bariis House", () => {
    expect(queryWords("Hodan's Bariis House")).toEqual(['hodan', 'bariis', 'house']);
    expect(queryWords('J. Kamau Grill')).toEqual(['kamau', 'grill']);
    expect(queryWords('s')).toEqual(['s']);
  });
});

describe('search', () => {
  it('finds jollof from jolof (one typo in five letters)', async () => {
    const result = await search('search?q=jolof');
    expect(names(result).length).toBeGreaterThan(0);
    expect(names(result).every((name) => /jollof/i.test(name))).toBe(true);
  });

  it("finds a kitchen by its whole name as written, possessive and all (Hodan's Bariis House)", async () => {
    const result = await search(`food/search?q=${encodeURIComponent("Hodan's Bariis House")}`);
    expect(result.data.providers.map((provider) => provider.slug)).toContain('hodan-bariis-house');
  });

  it('finds nyama choma from nyama, and from the prefix nyam', async () => {
    for (const q of ['nyama', 'nyam']) {
      const result = await search(`food/search?q=${q}`);
      expect(
        names(result).some((name) => /nyama choma/i.test(name)),
        q,
      ).toBe(true);
    }
  });

  it('finds matapá from matapa and MATAPA, accents and case aside', async () => {
    for (const q of ['matapa', 'MATAPA', 'matap%C3%A1']) {
      const result = await search(`search?q=${q}`, 'MZ');
      expect(
        names(result).some((name) => /matap[aá]/i.test(name)),
        q,
      ).toBe(true);
    }
  });

  it('needs every word (goat choma finds goat choma, not every goat)', async () => {
    const result = await search('food/search?q=goat%20choma');
    expect(names(result).length).toBeGreaterThan(0);
    for (const item of result.data.items) expect(item.name.text.toLowerCase()).toMatch(/goat|mbuzi/);
  });

  it('ranks names above descriptions: every mandazi comes before the puff-puff that mentions one', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/food/search?q=mandazi&perPage=48',
      headers: { 'x-store-id': 'KE', 'accept-language': 'en' },
    });
    const found = names(response.json<SearchCatalogResponse>());
    const puffPuff = found.findIndex((name) => /puff-puff/i.test(name));
    expect(puffPuff).toBeGreaterThan(0);
    expect(found.slice(0, puffPuff).every((name) => /mandazi/i.test(name))).toBe(true);
    expect(found.slice(puffPuff + 1).some((name) => /mandazi/i.test(name))).toBe(false);
  });

  it('counts facets over every match, and filters by them', async () => {
    const result = await search('search?q=rice&perPage=48');
    const byType = result.meta.facets.types.reduce((sum, facet) => sum + facet.count, 0);
    expect(byType).toBe(result.meta.total);
    const bands = result.meta.facets.priceBands.reduce((sum, band) => sum + band.count, 0);
    expect(bands).toBe(result.meta.total);
    const type = result.meta.facets.types[0];
    const filtered = await search(`search?q=rice&type=${type?.key}`);
    expect(filtered.meta.total).toBe(type?.count);
    expect(filtered.data.items.every((item) => item.type === type?.key)).toBe(true);
    const band = await search('search?q=rice&priceBand=0');
    expect(band.meta.total).toBe(result.meta.facets.priceBands[0]?.count);
  });

  it('counts the same facets on every page, past the end, and when the filters leave nothing', async () => {
    // The page's first card carries the counts; a page without cards has them counted apart.
    const first = await search('search?q=rice&perPage=5');
    expect(first.meta.total).toBeGreaterThan(10);
    expect(first.meta.facets.types.length).toBeGreaterThan(0);
    for (const path of ['search?q=rice&perPage=5&page=2', 'search?q=rice&perPage=5&page=500']) {
      expect((await search(path)).meta.facets).toEqual(first.meta.facets);
    }
    const none = await search('search?q=rice&category=no-such-aisle');
    expect(none.data.items).toEqual([]);
    expect(none.meta.total).toBe(0);
    expect(none.meta.facets).toEqual(first.meta.facets);
    const nothing = await search('search?q=zzqqxxjj');
    expect(nothing.meta.facets.types).toEqual([]);
    expect(nothing.meta.facets.priceBands.every((band) => band.count === 0)).toBe(true);
  });

  it('counts each facet as the matches themselves do', async () => {
    const first = await search('search?q=rice&perPage=48');
    const matches = [...first.data.items];
    for (let page = 2; page <= first.meta.totalPages; page += 1) {
      matches.push(...(await search(`search?q=rice&perPage=48&page=${page}`)).data.items);
    }
    expect(matches).toHaveLength(first.meta.total);
    const tally = (keys: string[]) => {
      const counts = new Map<string, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return [...counts]
        .map(([key, count]) => ({ key, count }))
        .sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
    };
    const { facets } = first.meta;
    expect(facets.services).toEqual(tally(matches.map((item) => item.service)));
    expect(facets.types).toEqual(tally(matches.map((item) => item.type)));
    expect(facets.categories).toEqual(tally(matches.map((item) => item.category)).slice(0, 20));
    expect(facets.dietary).toEqual(tally(matches.flatMap((item) => item.dietary)));
    expect(facets.dietary.length).toBeGreaterThan(1);
    expect(facets.priceBands.map((band) => band.count)).toEqual(
      facets.priceBands.map(
        (band) =>
          matches.filter(
            (item) =>
              item.price.amount >= band.min.amount && (band.max === null || item.price.amount < band.max.amount),
          ).length,
      ),
    );
  });

  it('pages through the ranked matches without a gap or a repeat, and still counts past the end', async () => {
    const all = await search('search?q=rice&perPage=48');
    const first = await search('search?q=rice&perPage=5&page=1');
    const second = await search('search?q=rice&perPage=5&page=2');
    expect([...first.data.items, ...second.data.items].map((item) => item.id)).toEqual(
      all.data.items.slice(0, 10).map((item) => item.id),
    );
    expect(second.meta.total).toBe(all.meta.total);
    const past = await search('search?q=rice&perPage=5&page=500');
    expect(past.data.items).toEqual([]);
    expect(past.meta.total).toBe(all.meta.total);
  });

  it('asked again in the same shape with other values, answers for its own (a prepared statement)', async () => {
    const nairobi = await search('search?q=rice&perPage=48&lat=-1.2921&lng=36.8219');
    const mombasa = await search('search?q=rice&perPage=48&lat=-4.0435&lng=39.6682');
    expect(nairobi.data.items.length).toBeGreaterThan(0);
    expect(mombasa.data.items.length).toBeGreaterThan(0);
    // Recipes are read anywhere; everything else comes from a shop that delivers to the point.
    const delivered = (result: SearchCatalogResponse) => result.data.items.filter((item) => item.type !== 'recipe');
    const inNairobi = new Set(delivered(nairobi).map((item) => item.id));
    expect(delivered(mombasa).length).toBeGreaterThan(0);
    expect(delivered(mombasa).some((item) => inNairobi.has(item.id))).toBe(false);
    for (const band of [0, 1, 2]) {
      const result = await search(`search?q=rice&perPage=48&priceBand=${band}`);
      const { min, max } = result.meta.facets.priceBands[band] ?? { min: { amount: 0 }, max: null };
      expect(result.data.items.every((item) => item.price.amount >= min.amount)).toBe(true);
      expect(result.data.items.every((item) => max === null || item.price.amount < max.amount)).toBe(true);
    }
    const rwanda = await search('search?q=rice&perPage=48', 'RW');
    expect(rwanda.data.items.length).toBeGreaterThan(0);
    expect(rwanda.data.items.every((item) => item.price.currency === 'RWF')).toBe(true);
    expect(rwanda.meta.facets.priceBands[0]?.max?.currency).toBe('RWF');
  });

  it('searches one service only under /{service}/search', async () => {
    const result = await search('farm/search?q=sukuma');
    expect(result.data.items.length).toBeGreaterThan(0);
    expect(result.data.items.every((item) => item.service === 'farm')).toBe(true);
  });

  it('offers a spelling that has results when nothing matches', async () => {
    const result = await search('search?q=ugli');
    expect(result.meta.total).toBe(0);
    expect(result.meta.didYouMean).toBe('ugali');
    const nothing = await search('search?q=zzzzqqqq');
    expect(nothing.meta.didYouMean).toBeNull();
  });

  it('passes over a nearer spelling that finds nothing here for the next that does', async () => {
    // A word of the catalog's that no item of this market holds (another market's, a hidden
    // item's, a renamed one's), one edit from "ugl" where "ugali" is two.
    await database.db.insert(catalogWords).values({ word: 'augl' });
    try {
      const result = await search('search?q=ugl');
      expect(result.meta.total).toBe(0);
      expect(result.meta.didYouMean).toBe('ugali');
    } finally {
      await database.db.delete(catalogWords).where(eq(catalogWords.word, 'augl'));
    }
  });

  it('keeps words, never results: the same word in another market answers with its own items', async () => {
    const kenya = await search('search?q=rice&perPage=48');
    const rwanda = await search('search?q=rice&perPage=48', 'RW');
    const kenyaAgain = await search('search?q=rice&perPage=48');
    expect(rwanda.data.items.length).toBeGreaterThan(0);
    expect(kenya.data.items.every((item) => item.price.currency === 'KES')).toBe(true);
    expect(rwanda.data.items.every((item) => item.price.currency === 'RWF')).toBe(true);
    const inKenya = new Set(kenya.data.items.map((item) => item.id));
    expect(rwanda.data.items.some((item) => inKenya.has(item.id))).toBe(false);
    expect(kenyaAgain).toEqual(kenya);
  });

  it("expands a word the catalog gains at once, and a kept word's new neighbour once it expires", async () => {
    let now = NOW;
    const repository = createCatalogSearchRepository(database.db, { now: () => now });
    const variants = async () => (await repository.expand(['mbazuzi']))[0]?.variants;
    try {
      expect(await variants()).toEqual([]);
      await database.db.insert(catalogWords).values({ word: 'mbazuzi' });
      expect(await variants()).toEqual(['mbazuzi']);
      // One edit away, added while "mbazuzi" is kept: left out until the entry expires.
      await database.db.insert(catalogWords).values({ word: 'mbazuzu' });
      expect(await variants()).toEqual(['mbazuzi']);
      now = new Date(NOW.getTime() + 60_000);
      expect(await variants()).toEqual(['mbazuzi', 'mbazuzu']);
    } finally {
      await database.db.delete(catalogWords).where(inArray(catalogWords.word, ['mbazuzi', 'mbazuzu']));
    }
  });

  it('finds a word the text parser splits as it split the catalog\'s text: "6e8ec0" is 6e8 and ec0', async () => {
    // What a provider's listing named with a code holds (an e2e's random tag found this).
    const slug = (await search('search?q=rice')).data.items[0]?.slug ?? '';
    const [item] = await database.db
      .select({ id: items.id, slug: items.slug, tags: items.tags })
      .from(items)
      .where(eq(items.slug, slug));
    if (!item) throw new Error('no item found for rice');
    await database.db
      .update(items)
      .set({ tags: [...item.tags, '6e8ec0'] })
      .where(eq(items.id, item.id));
    try {
      for (const q of ['6e8ec0', '6e8e']) {
        const found = await search(`search?q=${q}&perPage=48`);
        expect(
          found.data.items.map((entry) => entry.slug),
          q,
        ).toContain(item.slug);
      }
    } finally {
      await database.db.update(items).set({ tags: item.tags }).where(eq(items.id, item.id));
    }
  });

  it('never answers a strange query with a 5xx; over 200 characters is a 400', async () => {
    for (const q of ["'", '&|!:*()', '\\', '%', '😀 🍲', 'a'.repeat(200), '--', 'select * from items']) {
      await search(`search?q=${encodeURIComponent(q)}`);
    }
    const tooLong = (await search(`search?q=${'a'.repeat(201)}`, 'KE', 400)) as unknown as ErrorResponse;
    expect(Object.keys(tooLong.errors)).toContain('q');
  });

  it('suggests names as the shopper types', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/search/suggest?q=nyam',
      headers: { 'x-store-id': 'KE' },
    });
    const { data } = response.json<SuggestCatalogResponse>();
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(8);
    expect(data.some((entry) => /nyama/i.test(entry.text))).toBe(true);
    expect(new Set(data.map((entry) => entry.text.toLowerCase())).size).toBe(data.length);
  });

  it('suggests the providers a search shows, in its order, wherever the shopper is', async () => {
    const repository = createCatalogSearchRepository(database.db);
    const nairobi = { latitude: -1.2921, longitude: 36.8219 };
    const mombasa = { latitude: -4.0435, longitude: 39.6682 };
    const shown: string[][] = [];
    for (const q of ['kitchen', 'choma']) {
      const words = await repository.expand(queryWords(q));
      for (const point of [undefined, nairobi, mombasa]) {
        const scope = { countryCode: 'KE', service: 'all', point, languages: ['en'], now: NOW };
        const searched = await repository.searchProviders(scope, words, undefined, 50);
        const suggested = await repository.suggestProviders(scope, words, undefined, 50);
        expect(suggested.map((row) => row.slug)).toEqual(searched.map((row) => row.slug));
        expect(suggested.map((row) => row.name)).toEqual(searched.map((row) => row.name));
        shown.push(searched.map((row) => row.slug));
      }
    }
    // Enough providers, and points that change them, for the order and the radius to be tried.
    expect(Math.max(...shown.map((slugs) => slugs.length))).toBeGreaterThan(2);
    expect(new Set(shown.map((slugs) => slugs.join())).size).toBeGreaterThan(2);
  });

  it("carries on a page's first row the same provider cards as a search of providers alone", async () => {
    const repository = createCatalogSearchRepository(database.db);
    const nairobi = { latitude: -1.2921, longitude: 36.8219 };
    const compared: number[] = [];
    for (const q of ['kitchen', 'choma', 'farm']) {
      const words = await repository.expand(queryWords(q));
      for (const point of [undefined, nairobi]) {
        const scope = { countryCode: 'KE', service: 'all', point, languages: ['en'], now: NOW };
        const alone = await repository.searchProviders(scope, words, undefined, 6);
        // With items on the page, and with a filter that leaves the page no row to carry them.
        for (const filters of [{ service: undefined }, { service: undefined, category: 'no-such-category' }]) {
          const page = await repository.searchPage(scope, words, filters, { offset: 0, limit: 5, providers: 6 }, []);
          expect(page.providers).toEqual(alone);
          compared.push(page.rows.length);
        }
        const later = await repository.searchPage(
          scope,
          words,
          { service: undefined },
          { offset: 5, limit: 5, providers: 0 },
          [],
        );
        expect(later.providers).toEqual([]);
      }
    }
    // Both paths were taken: pages with rows and pages without.
    expect(compared.some((rows) => rows > 0)).toBe(true);
    expect(compared.some((rows) => rows === 0)).toBe(true);
  });

  it('suggests exactly the items a search shows whose names match: in the market, delivered to the point, not hidden', async () => {
    const repository = createCatalogSearchRepository(database.db);
    const words = await repository.expand(queryWords('rice'));
    const slugs = (rows: readonly { slug: string }[]) => rows.map((row) => row.slug).sort();
    const nairobi = { latitude: -1.2921, longitude: 36.8219 };
    for (const point of [undefined, nairobi]) {
      const scope = { countryCode: 'KE', service: 'all', point, languages: ['en'], now: NOW };
      const searched = await repository.searchPage(
        scope,
        words,
        { service: undefined },
        { offset: 0, limit: 500, providers: 0 },
        [],
      );
      const suggested = await repository.suggestItems(scope, words, undefined, 500);
      // Names in any language; "rice" is the last word, so a prefix (decision 43).
      const named = searched.rows.filter((row) =>
        Object.values(row.name).some((text) => queryWords(text).some((word) => word.startsWith('rice'))),
      );
      expect(named.length).toBeGreaterThan(0);
      // Some items say "rice" only in their tags or description: a search shows them, suggest does not.
      expect(named.length).toBeLessThan(searched.rows.length);
      expect(slugs(suggested)).toEqual(slugs(named));
    }
    // A shop that hides an item takes it out of the suggestions at once.
    const scope = { countryCode: 'KE', service: 'all', point: nairobi, languages: ['en'], now: NOW };
    const [top] = await repository.suggestItems(scope, words, undefined, 1);
    await database.db
      .update(items)
      .set({ hidden: true })
      .where(eq(items.slug, top?.slug ?? ''));
    try {
      const after = await repository.suggestItems(scope, words, undefined, 500);
      expect(slugs(after)).not.toContain(top?.slug);
    } finally {
      await database.db
        .update(items)
        .set({ hidden: false })
        .where(eq(items.slug, top?.slug ?? ''));
    }
  });
});
