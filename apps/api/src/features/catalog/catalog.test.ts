import type { FeaturedResponse } from '@malewa/contracts/catalog/featured';
import type { GetItemResponse, GetProviderResponse } from '@malewa/contracts/catalog/get-catalog-entry';
import type { ListItemsResponse, ListProvidersResponse } from '@malewa/contracts/catalog/list-catalog';
import type { ListCatalogEntriesResponse } from '@malewa/contracts/catalog/list-catalog-entries';
import type { ListFacetsResponse } from '@malewa/contracts/catalog/list-facets';
import type { ListOffersResponse } from '@malewa/contracts/catalog/list-offers';
import type { MapProvidersResponse } from '@malewa/contracts/catalog/map-providers';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { ListLocationsResponse } from '@malewa/contracts/locations/list-locations';
import { items, offers, providers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// A Tuesday, 12:30 in Nairobi and 11:30 in Kigali: lunch hours.
const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let app: FastifyInstance;
const locationIds = new Map<string, string>();

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/locations?perPage=100' });
  for (const location of response.json<ListLocationsResponse>().data) locationIds.set(location.slug, location.id);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

async function get<T>(url: string, headers: Record<string, string> = { 'x-store-id': 'KE' }, status = 200): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const at = (slug: string) => ({ 'x-store-location': locationIds.get(slug) ?? 'missing' });

describe('catalog lists', () => {
  it('list the active kitchens of the market, in its currency, with paging metadata', async () => {
    const { data, meta } = await get<ListProvidersResponse>('/api/food/kitchens?perPage=50');
    expect(data.length).toBeGreaterThan(0);
    expect(meta.total).toBe(data.length);
    for (const kitchen of data) {
      expect(kitchen.service).toBe('food');
      expect(kitchen.minimumOrder.currency).toBe('KES');
      expect(kitchen.delivery).toBeNull();
    }
    const [row] = await database.db.select().from(providers).where(eq(providers.status, 'suspended'));
    expect(data.map((kitchen) => kitchen.slug)).not.toContain(row?.slug);
  });

  it('scope every list to where the shopper is: Kigali shows Rwandan providers in whole francs, with distance, fee and time', async () => {
    const kigali = await get<ListItemsResponse>('/api/food/meals?perPage=48', at('kigali'));
    expect(kigali.data.length).toBeGreaterThan(0);
    for (const meal of kigali.data) {
      expect(meal.price.currency).toBe('RWF');
      expect(Number.isInteger(meal.price.amount)).toBe(true);
      expect(meal.delivery?.distanceKm).toBeLessThanOrEqual(25);
      expect(meal.delivery?.fee.currency).toBe('RWF');
      expect(meal.delivery?.etaMinutes).toBeGreaterThan(0);
    }
    const nairobi = await get<ListItemsResponse>('/api/food/meals?perPage=48', at('nairobi'));
    expect(nairobi.data.every((meal) => meal.price.currency === 'KES')).toBe(true);
    const ids = new Set(kigali.data.map((meal) => meal.id));
    expect(nairobi.data.some((meal) => ids.has(meal.id))).toBe(false);
  });

  it('list nearest first by default when the place is known, and only providers whose radius reaches it', async () => {
    const { data } = await get<ListProvidersResponse>('/api/grocery/stores', at('nairobi'));
    const distances = data.map((store) => store.delivery?.distanceKm ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const mombasa = await get<ListProvidersResponse>('/api/grocery/stores', at('mombasa'));
    expect(mombasa.data.every((store) => store.city === 'Mombasa')).toBe(true);
  });

  it('sort by price both ways, and filter by price, dietary flag and keyword', async () => {
    const up = await get<ListItemsResponse>('/api/grocery/products?sortBy=price&perPage=48');
    const prices = up.data.map((item) => item.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = await get<ListItemsResponse>('/api/grocery/products?sortBy=price&order=desc');
    expect(down.data[0]?.price.amount).toBeGreaterThanOrEqual(prices.at(-1) ?? 0);

    const ranged = await get<ListItemsResponse>('/api/grocery/products?priceMin=10000&priceMax=30000&perPage=48');
    expect(ranged.data.length).toBeGreaterThan(0);
    for (const item of ranged.data) expect(item.price.amount).toBeGreaterThanOrEqual(10000);
    for (const item of ranged.data) expect(item.price.amount).toBeLessThanOrEqual(30000);

    const vegan = await get<ListItemsResponse>('/api/food/meals?dietary=vegan&dietary=gluten-free');
    expect(vegan.data.length).toBeGreaterThan(0);
    for (const meal of vegan.data) expect(meal.dietary).toEqual(expect.arrayContaining(['vegan', 'gluten-free']));

    const nyama = await get<ListItemsResponse>('/api/food/meals?searchKeyword=nyama');
    expect(nyama.data.length).toBeGreaterThan(0);
    expect(nyama.data.every((meal) => /nyama/i.test(meal.name.text))).toBe(true);
  });

  it('show only providers open now when asked, in the market time zone', async () => {
    const all = await get<ListProvidersResponse>('/api/food/kitchens?perPage=48');
    const open = await get<ListProvidersResponse>('/api/food/kitchens?openNow=true&perPage=48');
    expect(open.data.every((kitchen) => kitchen.openNow)).toBe(true);
    expect(open.data.length).toBe(all.data.filter((kitchen) => kitchen.openNow).length);
    // At 12:30 on a Tuesday the lunch places are open; chefs work by appointment and never are.
    expect(open.data.length).toBeGreaterThan(0);
    const chefs = await get<ListProvidersResponse>('/api/chef/chefs?openNow=true');
    expect(chefs.data).toEqual([]);
  });

  it('give texts in the shopper language, else the market language, and say which', async () => {
    const swahili = await get<ListItemsResponse>('/api/farm/produces', { 'x-store-id': 'KE', 'accept-language': 'sw' });
    expect(swahili.data.every((item) => item.name.lang === 'sw')).toBe(true);
    const french = await get<ListItemsResponse>('/api/farm/produces', {
      'x-store-id': 'KE',
      'accept-language': 'fr-FR',
    });
    expect(french.data.every((item) => item.name.lang === 'sw')).toBe(true);
    const rwanda = await get<ListItemsResponse>('/api/farm/produces', { 'x-store-id': 'RW', 'accept-language': 'fr' });
    expect(rwanda.data.every((item) => item.name.lang === 'fr')).toBe(true);
  });
});

describe('bad catalog input', () => {
  it('answers an unknown sort field with a 400 naming the field', async () => {
    const body = await get<ErrorResponse>('/api/food/meals?sortBy=colour', undefined, 400);
    expect(Object.keys(body.errors)).toContain('sortBy');
  });

  it('caps perPage instead of refusing it', async () => {
    const { meta } = await get<ListItemsResponse>('/api/grocery/products?perPage=1000');
    expect(meta.perPage).toBe(48);
  });

  it.each([
    'priceMin=-1',
    'priceMin=abc',
    'priceMax=1.5',
    'priceMin=500&priceMax=100',
    'dietary=carnivore',
    'lat=1',
    'ratingMin=6',
  ])('refuses %s with a 400', async (query) => {
    const body = await get<ErrorResponse>(`/api/grocery/products?${query}`, undefined, 400);
    expect(body.errors).toBeDefined();
  });

  it('needs the market or a location', async () => {
    const body = await get<ErrorResponse>('/api/food/kitchens', {}, 400);
    expect(Object.keys(body.errors)).toContain('X-STORE-ID');
    await get<ErrorResponse>('/api/food/kitchens', { 'x-store-location': 'not-a-location' }, 400);
  });

  it('answers an unknown service, collection or entry with a 404', async () => {
    await get('/api/drinks/bars', undefined, 404);
    await get('/api/food/produces', undefined, 404);
    await get('/api/food/kitchens/no-such-kitchen', undefined, 404);
    await get('/api/food/meals/no-such-meal', undefined, 404);
  });

  it('never answers a strange keyword with a 5xx', async () => {
    for (const keyword of ['%', '_', "'; drop table items; --", '\\', 'ñ', '😀']) {
      await get(`/api/food/meals?searchKeyword=${encodeURIComponent(keyword)}`);
    }
  });
});

describe('catalog entries', () => {
  it('a provider’s cover is drawn from the icons of its three most ordered items, best first', async () => {
    const { data } = await get<ListProvidersResponse>('/api/food/kitchens?perPage=50');
    for (const provider of data) {
      const ranked = await database.db
        .select({ icon: sql<string>`${items.images}[1]`, orders: sql<number>`max(${items.orderCount})` })
        .from(items)
        .where(eq(items.providerId, provider.id))
        .groupBy(sql`1`)
        .orderBy(sql`2 desc`, sql`1`)
        .limit(3);
      expect(provider.images, provider.slug).toEqual(ranked.map((row) => row.icon));
      expect(provider.images.length, provider.slug).toBeGreaterThan(0);
      expect(provider.images.every((icon) => icon.startsWith('fluent-emoji-flat:'))).toBe(true);
    }
  });

  it('a kitchen page has its hours and its items grouped by category; a suspended one is a 404', async () => {
    const { data } = await get<ListProvidersResponse>('/api/food/kitchens');
    const slug = data[0]?.slug ?? '';
    const kitchen = await get<GetProviderResponse>(`/api/food/kitchens/${slug}`);
    expect(kitchen.data.hours).toHaveLength(7);
    expect(kitchen.data.items.groups.length).toBeGreaterThan(0);
    for (const group of kitchen.data.items.groups) {
      expect(group.items.every((item) => item.category === group.category)).toBe(true);
    }
    const byId = await get<GetProviderResponse>(`/api/food/kitchens/${kitchen.data.id}`);
    expect(byId.data.slug).toBe(slug);

    const [suspended] = await database.db.select().from(providers).where(eq(providers.status, 'suspended'));
    const collection = { food: 'kitchens', grocery: 'stores', chef: 'chefs', cookbook: 'creators', farm: 'farmers' };
    await get(
      `/api/${suspended?.service}/${collection[suspended?.service ?? 'food']}/${suspended?.slug}`,
      {
        'x-store-id': suspended?.countryCode ?? 'KE',
      },
      404,
    );
  });

  it('a provider page seen from far away still has its items, and its distance without a delivery quote', async () => {
    const { data } = await get<ListProvidersResponse>('/api/food/kitchens', at('mombasa'));
    const slug = data[0]?.slug ?? '';
    const fromNairobi = await get<GetProviderResponse>(`/api/food/kitchens/${slug}`, at('nairobi'));
    expect(fromNairobi.data.items.groups.length).toBeGreaterThan(0);
    expect(fromNairobi.data.distanceKm).toBeGreaterThan(300);
    expect(fromNairobi.data.delivery).toBeNull();
    const near = await get<GetProviderResponse>(`/api/food/kitchens/${slug}`, at('mombasa'));
    expect(near.data.delivery?.distanceKm).toBe(near.data.distanceKm);
  });

  it('an entry opens from any market (a shared link, a crawler), as its own market shows it', async () => {
    const { data } = await get<ListItemsResponse>('/api/food/meals', at('kigali'));
    const meal = data[0];
    const fromJohannesburg = await get<GetItemResponse>(`/api/food/meals/${meal?.slug}`, at('johannesburg'));
    expect(fromJohannesburg.data.id).toBe(meal?.id);
    expect(fromJohannesburg.data.price).toEqual(meal?.price);
    expect(fromJohannesburg.data.price.currency).toBe('RWF');
    expect(fromJohannesburg.data.delivery).toBeNull();
    expect(fromJohannesburg.data.provider.distanceKm).toBeGreaterThan(1000);
    const kitchen = await get<GetProviderResponse>(`/api/food/kitchens/${meal?.provider.slug}`, { 'x-store-id': 'ZA' });
    expect(kitchen.data.minimumOrder.currency).toBe('RWF');
    expect(
      kitchen.data.items.groups.flatMap((group) => group.items).every((item) => item.price.currency === 'RWF'),
    ).toBe(true);
    // Still the same collection only, and still never a suspended provider's.
    await get(`/api/food/kitchens/${meal?.slug}`, { 'x-store-id': 'ZA' }, 404);
    const [suspended] = await database.db.select().from(providers).where(eq(providers.status, 'suspended'));
    const collection = { food: 'kitchens', grocery: 'stores', chef: 'chefs', cookbook: 'creators', farm: 'farmers' };
    const other = suspended?.countryCode === 'ZA' ? 'KE' : 'ZA';
    await get(
      `/api/${suspended?.service}/${collection[suspended?.service ?? 'food']}/${suspended?.slug}`,
      { 'x-store-id': other },
      404,
    );
  });

  it('a meal page has its options with prices, description and provider', async () => {
    const { data } = await get<ListItemsResponse>('/api/food/meals?searchKeyword=choma');
    const meal = await get<GetItemResponse>(`/api/food/meals/${data[0]?.slug}`);
    expect(meal.data.description.text.length).toBeGreaterThan(0);
    expect(meal.data.provider.slug).toBe(data[0]?.provider.slug);
    expect(meal.data.options.length).toBeGreaterThan(0);
    expect(meal.data.options[0]?.choices[0]?.price.currency).toBe('KES');
    // The same slug under another collection of the service is not found.
    await get(`/api/food/kitchens/${data[0]?.slug}`, undefined, 404);
  });

  it('a recipe page has steps and ingredients with the cheapest sellers that deliver, cheapest first', async () => {
    const { data } = await get<ListItemsResponse>('/api/cookbook/recipes', at('nairobi'));
    expect(data.length).toBeGreaterThan(0);
    const recipe = await get<GetItemResponse>(`/api/cookbook/recipes/${data[0]?.slug}`, at('nairobi'));
    expect(recipe.data.recipe?.steps.length).toBeGreaterThan(0);
    const matched = recipe.data.recipe?.ingredients.filter((ingredient) => ingredient.matches.length > 0) ?? [];
    expect(matched.length).toBeGreaterThan(0);
    for (const ingredient of matched) {
      const prices = ingredient.matches.map((match) => match.price.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const match of ingredient.matches) expect(['grocery', 'farm']).toContain(match.service);
    }
  });

  it('an experience page has what is included and its guest range', async () => {
    const { data } = await get<ListItemsResponse>('/api/chef/experiences');
    const experience = await get<GetItemResponse>(`/api/chef/experiences/${data[0]?.slug}`);
    expect(experience.data.experience?.included.length).toBeGreaterThan(0);
    expect(experience.data.experience?.guestsMax).toBeGreaterThanOrEqual(experience.data.experience?.guestsMin ?? 1);
    // The seeded chefs work 09:00–21:00 (Sundays 10:00–20:00): the form offers 09:00 to 20:30.
    expect(experience.data.experience?.startTimes[0]).toBe('09:00');
    expect(experience.data.experience?.startTimes.at(-1)).toBe('20:30');
  });
});

describe('list facets', () => {
  it('count the categories and commonest tags of a list where the shopper is, and each narrows the list to its count', async () => {
    const { data } = await get<ListFacetsResponse>('/api/food/facets/meals', at('nairobi'));
    expect(data.categories.length).toBeGreaterThan(1);
    expect(data.tags.length).toBeGreaterThan(0);
    expect(data.tags.length).toBeLessThanOrEqual(12);
    const counts = data.categories.map((entry) => entry.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const picks = [data.categories[0], data.categories.at(-1), data.tags[0]].flatMap((entry) => (entry ? [entry] : []));
    expect(picks).toHaveLength(3);
    for (const { key, count } of picks) {
      const filter = data.categories.some((entry) => entry.key === key) ? 'category' : 'tags';
      const list = await get<ListItemsResponse>(`/api/food/meals?${filter}=${key}&perPage=1`, at('nairobi'));
      expect(list.meta.total, `${filter}=${key}`).toBe(count);
    }
  });

  it('count providers for a provider list, and follow the market', async () => {
    const { data } = await get<ListFacetsResponse>('/api/grocery/facets/stores', at('kigali'));
    const [top] = data.categories;
    const list = await get<ListProvidersResponse>(`/api/grocery/stores?category=${top?.key}&perPage=1`, at('kigali'));
    expect(list.meta.total).toBe(top?.count);
    const nairobi = await get<ListFacetsResponse>('/api/grocery/facets/stores', at('nairobi'));
    expect(nairobi.data).not.toEqual(data);
    await get('/api/grocery/facets/kitchens', at('nairobi'), 404);
  });
});

describe('the sitemap’s entries', () => {
  it('are every active provider, then every item they sell, in all markets, on pages that never overlap', async () => {
    const first = await get<ListCatalogEntriesResponse>('/api/catalog/entries');
    const [providerCount] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(providers)
      .where(eq(providers.status, 'active'));
    const [itemCount] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(eq(providers.status, 'active'));
    const total = (providerCount?.n ?? 0) + (itemCount?.n ?? 0);
    expect(first.meta).toEqual({ page: 1, perPage: 5000, total, totalPages: Math.ceil(total / 5000) });
    expect(first.data).toHaveLength(Math.min(total, 5000));
    const providersListed = first.data.filter((entry) => entry.type === null);
    expect(providersListed).toHaveLength(providerCount?.n ?? 0);
    expect(first.data.slice(0, providersListed.length).every((entry) => entry.type === null)).toBe(true);
    expect(new Set(first.data.map((entry) => `${entry.service}/${entry.slug}`)).size).toBe(first.data.length);
    const [suspended] = await database.db.select().from(providers).where(eq(providers.status, 'suspended'));
    expect(first.data.some((entry) => entry.slug === suspended?.slug)).toBe(false);
    expect(first.data.some((entry) => entry.slug.endsWith(`-${suspended?.slug}`))).toBe(false);
    // Past the end: empty, with the same total; a bad page is a 400.
    const past = await get<ListCatalogEntriesResponse>('/api/catalog/entries?page=99');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(total);
    const one = await get<ListCatalogEntriesResponse>('/api/catalog/entries?page=2&perPage=1');
    expect(one.data).toEqual([first.data[1]]);
    expect(one.meta).toEqual({ page: 2, perPage: 1, total, totalPages: total });
    await get('/api/catalog/entries?perPage=5001', undefined, 400);
    await get('/api/catalog/entries?page=0', undefined, 400);
    await get('/api/catalog/entries?page=x', undefined, 400);
  });
});

describe('caching', () => {
  it('tags every read with an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/farm/produces', headers: { 'x-store-id': 'KE' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toContain('public');
    const again = await app.inject({
      method: 'GET',
      url: '/api/farm/produces',
      headers: { 'x-store-id': 'KE', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/farm/produces',
      headers: { 'x-store-id': 'KE', authorization: 'Bearer x' },
    });
    expect(signedIn.headers['cache-control']).not.toContain('public');
    // HEAD answers with GET's headers: a cache may check a tag without taking the body.
    const head = await app.inject({ method: 'HEAD', url: '/api/farm/produces', headers: { 'x-store-id': 'KE' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['cache-control']).toBe(first.headers['cache-control']);
    const headAgain = await app.inject({
      method: 'HEAD',
      url: '/api/farm/produces',
      headers: { 'x-store-id': 'KE', 'if-none-match': etag },
    });
    expect(headAgain.statusCode).toBe(304);
  });
});

describe('offers, featured, map', () => {
  it('lists the offers running now, coupons with their codes and uses left; expired and future ones are not shown', async () => {
    const { data } = await get<ListOffersResponse>('/api/food/offers');
    expect(data.length).toBeGreaterThan(0);
    for (const offer of data) {
      expect(new Date(offer.startsAt).getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(new Date(offer.endsAt).getTime()).toBeGreaterThan(NOW.getTime());
      expect(offer.minimumSubtotal.currency).toBe('KES');
    }
    const coupon = data.find((offer) => offer.code !== null);
    expect(coupon?.remaining).toBeGreaterThan(0);
    expect(coupon?.perShopperLimit).toBe(1);
    const stored = await database.db.select().from(offers).where(eq(offers.countryCode, 'KE'));
    const expired = stored.find((offer) => offer.service === 'food' && offer.endsAt < NOW);
    const future = stored.find((offer) => offer.service === 'food' && offer.startsAt > NOW);
    expect(expired && future).toBeTruthy();
    expect(data.map((offer) => offer.id)).not.toContain(expired?.id);
    expect(data.map((offer) => offer.id)).not.toContain(future?.id);
  });

  it('features the best-rated providers and most ordered items that reach the shopper', async () => {
    const { data } = await get<FeaturedResponse>('/api/grocery/featured', at('nairobi'));
    expect(data.providers.length).toBeGreaterThan(0);
    const ratings = data.providers.map((provider) => provider.rating.average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(data.items.every((item) => item.service === 'grocery' && item.delivery !== null)).toBe(true);
  });

  it('maps the providers within a radius of a point, nearest first, and refuses a radius over 50 km', async () => {
    const { data } = await get<MapProvidersResponse>('/api/map?lat=-1.2921&lng=36.8219&radiusKm=5');
    expect(data.length).toBeGreaterThan(0);
    const distances = data.map((provider) => provider.delivery?.distanceKm ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(5);
    expect(new Set(data.map((provider) => provider.service)).size).toBeGreaterThan(1);
    const farms = await get<MapProvidersResponse>('/api/map?service=farm&lat=-1.2921&lng=36.8219&radiusKm=50');
    expect(farms.data.every((provider) => provider.service === 'farm')).toBe(true);
    await get('/api/map?lat=-1.29&lng=36.82&radiusKm=51', undefined, 400);
    await get('/api/map?lat=north&lng=36.82', undefined, 400);
  });
});
