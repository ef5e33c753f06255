import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Listing } from '@malewa/contracts/provider/listings';
import { favorites } from '@malewa/db/schema/account-data';
import { items, providerMembers, providers, recipeIngredients } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { chefExperienceFor8, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox } from '#api/testing/outbox.ts';
import { fileForm, TINY_PNG } from '#api/testing/photos.ts';
import { buildTestApp, createSeededDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let shop: KitchenMeal;
let other: KitchenMeal;
let cook: Record<string, string>;
const market = { 'x-store-id': 'KE' };
const STEW = {
  name: { en: 'Matoke stew with beef', sw: 'Mchuzi wa ndizi na nyama' },
  description: { en: 'Green bananas simmered with beef, tomatoes and dhania.' },
  category: 'stews',
  unit: 'plate',
  price: 55000,
  stock: 12,
  available: true,
};

beforeAll(async () => {
  database = await createSeededDatabase();
  app = await buildTestApp(database);
  await app.ready();
  const outbox = await createTestOutbox(database);
  [shop, other] = await twoKitchensNearby(database);
  const account = await signUp(app, database, outbox, { identifier: 'listings.cook@example.com', roles: ['provider'] });
  await database.db.insert(providerMembers).values({ providerId: shop.providerId, userId: account.user.id });
  cook = { ...bearer(account), ...market };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: cook, ...(payload ? { payload } : {}) });

// Every test makes the listings it needs and leaves none behind: each passes alone (`-t`) and
// in any order. What a test made through the console is removed after it, with the favorites
// that name it (cart lines go with the item) and the photos made for it.
const made: string[] = [];
const photoFolders: string[] = [];

afterEach(async () => {
  const ids = made.splice(0);
  if (ids.length > 0) {
    await database.db.delete(favorites).where(inArray(favorites.targetId, ids));
    await database.db.delete(items).where(inArray(items.id, ids));
  }
  await Promise.all(photoFolders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A new listing of a shop, made as its provider makes one, removed after the test. */
async function newListing(shopId: string, headers: Record<string, string>, payload: object): Promise<Listing> {
  const created = await app.inject({ method: 'POST', url: `/api/provider/shops/${shopId}/listings`, headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  const listing = created.json<{ data: Listing }>().data;
  made.push(listing.id);
  return listing;
}

/** Remembers a listing a test made through a call of its own, to remove it after the test. */
function madeBy(response: { statusCode: number; json: <T>() => T }): void {
  if (response.statusCode === 201) made.push(response.json<{ data: Listing }>().data.id);
}

/** Where the storefront shows a listing: its page's status, the service's list, its shop's page, search. */
async function storefrontShows(listing: Listing) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: market });
  const page = await get(`/api/food/meals/${listing.slug}`);
  const list = await get(`/api/food/meals?provider=${shop.providerId}&perPage=100`);
  const kitchen = await get(`/api/food/kitchens/${shop.providerId}?perPage=100`);
  const search = await get('/api/food/search?q=matoke%20beef');
  const slugs = (body: unknown): string[] => JSON.stringify(body).match(/matoke-stew-with-beef-[0-9a-f]{6}/g) ?? [];
  return {
    page: page.statusCode,
    list: slugs(list.json()).includes(listing.slug),
    shop: slugs(kitchen.json()).includes(listing.slug),
    search: slugs(search.json()).includes(listing.slug),
  };
}

describe('a provider’s listings', () => {
  const newStew = () => newListing(shop.providerId, cook, STEW);

  it('are made in the shop’s currency, in two languages, and show in the storefront’s lists, page and search at once', async () => {
    const listing = await newStew();
    expect(listing).toMatchObject({ shopId: shop.providerId, price: { amount: 55000, currency: 'KES' }, stock: 12 });
    expect(listing.slug).toMatch(/^matoke-stew-with-beef-[0-9a-f]{6}$/);

    const page = await app.inject({ method: 'GET', url: `/api/food/meals/${listing.slug}`, headers: market });
    expect(page.statusCode).toBe(200);
    const swahili = await app.inject({
      method: 'GET',
      url: `/api/food/meals/${listing.slug}`,
      headers: { ...market, 'accept-language': 'sw' },
    });
    expect(swahili.json<{ data: { name: { text: string } } }>().data.name.text).toBe('Mchuzi wa ndizi na nyama');
    const search = await app.inject({ method: 'GET', url: '/api/food/search?q=matoke%20beef', headers: market });
    expect(search.json<{ data: { items: { slug: string }[] } }>().data.items.map((item) => item.slug)).toContain(
      listing.slug,
    );
    const mine = await send('GET', `/api/provider/shops/${shop.providerId}/listings`);
    expect(mine.json<{ data: Listing[] }>().data[0]?.id).toBe(listing.id);
  });

  it('refuse a category or unit their service does not use, and an empty name, field by field', async () => {
    const wrong = await send('POST', `/api/provider/shops/${shop.providerId}/listings`, {
      ...STEW,
      category: 'leafy-greens',
      unit: 'per-guest',
    });
    madeBy(wrong);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(expect.arrayContaining(['category', 'unit']));
    const nameless = await send('POST', `/api/provider/shops/${shop.providerId}/listings`, { ...STEW, name: {} });
    madeBy(nameless);
    expect(nameless.statusCode).toBe(400);
  });

  it('change price, stock and "sold out today", and the storefront follows', async () => {
    const listing = await newStew();
    const changed = await send('PUT', `/api/provider/listings/${listing.id}`, {
      ...STEW,
      price: 60000,
      available: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = await app.inject({ method: 'GET', url: `/api/food/meals/${listing.slug}`, headers: market });
    expect(page.json<{ data: { price: { amount: number }; available: boolean } }>().data).toMatchObject({
      price: { amount: 60000 },
      available: false,
    });
  });

  it('are standard-rated for VAT unless told, keep their tax class through a change that leaves it out, and refuse an unknown one', async () => {
    const listing = await newStew();
    expect(listing.taxClass).toBe('standard');
    const zero = await send('PUT', `/api/provider/listings/${listing.id}`, { ...STEW, taxClass: 'zero' });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json<{ data: Listing }>().data.taxClass).toBe('zero');
    const kept = await send('PUT', `/api/provider/listings/${listing.id}`, { ...STEW, price: 56000 });
    expect(kept.json<{ data: Listing }>().data.taxClass).toBe('zero');
    const exempt = await newListing(shop.providerId, cook, { ...STEW, taxClass: 'exempt' });
    expect(exempt.taxClass).toBe('exempt');
    const unknown = await send('PUT', `/api/provider/listings/${listing.id}`, { ...STEW, taxClass: 'reduced' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ errors: object }>().errors)).toContain('taxClass');
  });

  it('take a photo from the phone, made into the catalog’s sizes; a file that is not one is refused', async () => {
    const listing = await newStew();
    const form = await fileForm('photo', TINY_PNG, 'stew.png', 'image/png');
    const sent = await app.inject({
      method: 'POST',
      url: `/api/provider/listings/${listing.id}/photo`,
      headers: { ...cook, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [key] = sent.json<{ data: Listing }>().data.images;
    expect(key).toMatch(/^photo:[0-9a-f]{32}$/);
    const folder = join(TEST_CONFIG.mediaDir, 'v1', 'photo', key?.slice('photo:'.length) ?? '');
    photoFolders.push(folder);
    const sizes = await readdir(folder);
    expect(sizes.sort()).toEqual(['160.avif', '160.webp', '320.avif', '320.webp', '640.avif', '640.webp']);

    const text = await fileForm('photo', new TextEncoder().encode('%PDF-1.4'), 'stew.png', 'image/png');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/provider/listings/${listing.id}/photo`,
      headers: { ...cook, 'content-type': text.contentType },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
  });

  it('hidden, leave the storefront (page, lists, shop page, search, favorites) while a cart holding one shows it unavailable; shown again, are back', async () => {
    const listing = await newStew();
    expect(await storefrontShows(listing)).toEqual({ page: 200, list: true, shop: true, search: true });
    const guest = { 'x-cart-token': randomBytes(32).toString('base64url'), ...market };
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: guest,
      payload: { item: listing.slug, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await send('PUT', `/api/favorites/item/${listing.id}`)).statusCode).toBe(200);

    const hidden = await send('PUT', `/api/provider/listings/${listing.id}/visibility`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<{ data: Listing }>().data.hidden).toBe(true);
    expect(await storefrontShows(listing)).toEqual({ page: 404, list: false, shop: false, search: false });
    const favorites = await send('GET', '/api/favorites');
    expect(favorites.json<{ data: { id: string }[] }>().data.map((entry) => entry.id)).not.toContain(listing.id);
    expect((await send('PUT', `/api/favorites/item/${listing.id}`)).statusCode).toBe(404);
    const adding = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: guest,
      payload: { item: listing.slug, quantity: 1 },
    });
    expect(adding.statusCode).toBe(404);
    const cart = (await app.inject({ method: 'GET', url: '/api/carts/food', headers: guest })).json<{
      data: { groups: { lines: { item: { slug: string }; problems: string[] }[] }[] };
    }>();
    const line = cart.data.groups.flatMap((group) => group.lines).find((entry) => entry.item.slug === listing.slug);
    expect(line?.problems).toContain('unavailable');
    // The console still lists it, marked.
    const mine = await send('GET', `/api/provider/shops/${shop.providerId}/listings`);
    expect(mine.json<{ data: Listing[] }>().data.find((entry) => entry.id === listing.id)?.hidden).toBe(true);

    expect((await send('PUT', `/api/provider/listings/${listing.id}/visibility`, { hidden: false })).statusCode).toBe(
      200,
    );
    expect(await storefrontShows(listing)).toEqual({ page: 200, list: true, shop: true, search: true });
    const again = await send('GET', '/api/favorites');
    expect(again.json<{ data: { id: string }[] }>().data.map((entry) => entry.id)).toContain(listing.id);
  });

  it('take options, a size to choose and extras, that the storefront asks and prices; options that do not add up are refused', async () => {
    const listing = await newStew();
    const options = [
      {
        name: { en: 'Size', sw: 'Ukubwa' },
        required: true,
        min: 1,
        max: 1,
        choices: [
          { name: { en: 'Regular' }, price: 0 },
          { name: { en: 'Large' }, price: 15000 },
        ],
      },
      {
        name: { en: 'Extras' },
        required: false,
        min: 0,
        max: 2,
        choices: [
          { name: { en: 'Chapati' }, price: 3000 },
          { name: { en: 'Kachumbari' }, price: 2000 },
        ],
      },
    ];
    const changed = await send('PUT', `/api/provider/listings/${listing.id}`, { ...STEW, options });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: Listing }>().data.options).toEqual(options);
    const page = await app.inject({ method: 'GET', url: `/api/food/meals/${listing.slug}`, headers: market });
    const shown = page.json<{ data: { options: { required: boolean; choices: { price: { amount: number } }[] }[] } }>()
      .data.options;
    expect(shown.map((option) => option.required)).toEqual([true, false]);
    expect(shown[0]?.choices[1]?.price.amount).toBe(15000);
    // Large with chapati: the cart prices it from the listing's options.
    const guest = { 'x-cart-token': randomBytes(32).toString('base64url'), ...market };
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: guest,
      payload: { item: listing.slug, quantity: 1, choices: [[1], [0]] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json<{ data: { groups: { lines: { unitPrice: { amount: number } }[] }[] } }>().data;
    expect(cart.groups[0]?.lines[0]?.unitPrice.amount).toBe(55000 + 15000 + 3000);

    for (const wrong of [
      [{ ...options[0], min: 0 }],
      [{ ...options[1], max: 3 }],
      [{ ...options[0], choices: [] }],
      [{ ...options[0], name: {} }],
    ]) {
      const refused = await send('PUT', `/api/provider/listings/${listing.id}`, { ...STEW, options: wrong });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(Object.keys(refused.json<{ errors: object }>().errors).some((key) => key.startsWith('options'))).toBe(
        true,
      );
    }
    expect(
      (await send('PUT', `/api/provider/listings/${listing.id}`, STEW)).json<{ data: Listing }>().data.options,
    ).toEqual([]);
  });

  it('of another shop are a 404, read or written', async () => {
    expect((await send('GET', `/api/provider/shops/${other.providerId}/listings`)).statusCode).toBe(404);
    const theirShop = await send('POST', `/api/provider/shops/${other.providerId}/listings`, STEW);
    madeBy(theirShop);
    expect(theirShop.statusCode).toBe(404);
    const [theirs] = (
      await database.db.query.items.findMany({
        where: (items, { eq }) => eq(items.providerId, other.providerId),
        limit: 1,
      })
    ).map((row) => row.id);
    expect((await send('GET', `/api/provider/listings/${theirs}`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/provider/listings/${theirs}`, STEW)).statusCode).toBe(404);
  });
});

describe('a chef’s listings', () => {
  const DINNER = {
    name: { en: 'Swahili coast dinner for your family' },
    description: { en: 'Biryani, samaki wa kupaka and mahamri, cooked in your kitchen.' },
    category: 'private-dinner',
    unit: 'per-event',
    price: 1200000,
    stock: null,
    available: true,
    experience: {
      included: [{ en: 'Shopping for the ingredients' }, { en: 'Cooking and serving' }],
      guestsMin: 4,
      guestsMax: 10,
      durationMinutes: 240,
      venue: 'your-place',
    },
  };
  let chef: Record<string, string>;
  let chefShop: string;

  beforeAll(async () => {
    chefShop = (await chefExperienceFor8(database)).providerId;
    const outbox = await createTestOutbox(database);
    const account = await signUp(app, database, outbox, {
      identifier: 'listings.chef@example.com',
      roles: ['provider'],
    });
    await database.db.insert(providerMembers).values({ providerId: chefShop, userId: account.user.id });
    chef = { ...bearer(account), ...market };
  });

  it('are experiences: guests, duration, place and what is included, priced per event; the storefront shows them', async () => {
    const dinner = await newListing(chefShop, chef, DINNER);
    expect(dinner.experience).toEqual(DINNER.experience);
    const page = await app.inject({ method: 'GET', url: `/api/chef/experiences/${dinner.slug}`, headers: market });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: { experience: object } }>().data.experience).toMatchObject({
      guestsMin: 4,
      guestsMax: 10,
      durationMinutes: 240,
      pricing: 'per-event',
      venue: 'your-place',
    });

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${dinner.id}`,
      headers: chef,
      payload: {
        ...DINNER,
        unit: 'per-guest',
        experience: { ...DINNER.experience, guestsMax: 6, venue: 'chef-place' },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await app.inject({ method: 'GET', url: `/api/chef/experiences/${dinner.slug}`, headers: market });
    expect(again.json<{ data: { experience: object } }>().data.experience).toMatchObject({
      guestsMax: 6,
      pricing: 'per-guest',
      venue: 'chef-place',
    });
  });

  it('need their experience, which no other listing has; guests that do not add up are refused', async () => {
    const send = async (shopId: string, headers: Record<string, string>, payload: object) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/provider/shops/${shopId}/listings`,
        headers,
        payload,
      });
      madeBy(response);
      return response;
    };
    const { experience: _experience, ...bare } = DINNER;
    const without = await send(chefShop, chef, bare);
    expect(without.statusCode).toBe(400);
    expect(Object.keys(without.json<{ errors: object }>().errors)).toContain('experience');
    const upsideDown = await send(chefShop, chef, { ...DINNER, experience: { ...DINNER.experience, guestsMin: 12 } });
    expect(upsideDown.statusCode).toBe(400);
    const meal = await send(shop.providerId, cook, { ...STEW, experience: DINNER.experience });
    expect(meal.statusCode).toBe(400);
    expect(Object.keys(meal.json<{ errors: object }>().errors)).toContain('experience');
  });
});

describe('a creator’s listings', () => {
  const GITHERI = {
    name: { en: 'Githeri with avocado' },
    description: { en: 'Maize and beans simmered with onion and tomato, the way my grandmother made it.' },
    category: 'mains',
    unit: 'each',
    price: 0,
    stock: null,
    available: true,
    recipe: {
      servings: 4,
      prepMinutes: 15,
      cookMinutes: 90,
      difficulty: 'easy',
      steps: [{ en: 'Boil the maize and beans until soft.' }, { en: 'Fry the onion and tomato, add the githeri.' }],
      ingredients: [
        { name: { en: 'Tomato' }, quantityMilli: 2000, unit: 'each' },
        { name: { en: 'Salt' }, quantityMilli: null, unit: null },
        { name: { en: 'Moonberries from the garden' }, quantityMilli: 500_000, unit: 'g' },
      ],
    },
  };
  let creator: Record<string, string>;
  let creatorShop: string;

  beforeAll(async () => {
    const [row] = await database.db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.service, 'cookbook'), eq(providers.countryCode, 'KE'), eq(providers.status, 'active')))
      .orderBy(providers.slug)
      .limit(1);
    if (!row) throw new Error('the seed has no Kenyan creator');
    creatorShop = row.id;
    const outbox = await createTestOutbox(database);
    const account = await signUp(app, database, outbox, {
      identifier: 'listings.creator@example.com',
      roles: ['provider'],
    });
    await database.db.insert(providerMembers).values({ providerId: creatorShop, userId: account.user.id });
    creator = { ...bearer(account), ...market };
  });

  const post = async (payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${creatorShop}/listings`,
      headers: creator,
      payload,
    });
    madeBy(response);
    return response;
  };

  it('are recipes: servings, times, steps and ingredients matched to what the market sells; the storefront shows them', async () => {
    const created = await post(GITHERI);
    expect(created.statusCode, created.body).toBe(201);
    const githeri = created.json<{ data: Listing }>().data;
    expect(githeri.price.amount).toBe(0);
    const [tomato, salt, moonberries] = githeri.recipe?.ingredients ?? [];
    // Whole words only: "Salt" is not "Salted butter"; "Tomato" is "Tomatoes" (not "Tomato paste", longer).
    expect(tomato?.matchProductKey).toMatch(/^tomatoes-/);
    expect(salt?.matchProductKey ?? '').not.toMatch(/butter|crisps|peanuts/);
    expect(moonberries?.matchProductKey).toBeNull();
    const page = await app.inject({ method: 'GET', url: `/api/cookbook/recipes/${githeri.slug}`, headers: market });
    expect(page.statusCode, page.body).toBe(200);
    const recipe = page.json<{ data: { recipe: { servings: number; steps: unknown[]; ingredients: unknown[] } } }>()
      .data.recipe;
    expect(recipe).toMatchObject({ servings: 4 });
    expect(recipe.steps).toHaveLength(2);
    expect(recipe.ingredients).toHaveLength(3);

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${githeri.id}`,
      headers: creator,
      payload: {
        ...GITHERI,
        recipe: { ...GITHERI.recipe, servings: 6, ingredients: GITHERI.recipe.ingredients.slice(0, 1) },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: Listing }>().data.recipe).toMatchObject({
      servings: 6,
      ingredients: [{ unit: 'each' }],
    });
  });

  it('keep an ingredient’s match while its name stays, however it was made', async () => {
    // A recipe of its own, its ingredients given an operator's match that no name would find.
    const row = { id: (await newListing(creatorShop, creator, GITHERI)).id };
    await database.db
      .update(recipeIngredients)
      .set({ matchProductKey: 'hand-picked-key' })
      .where(eq(recipeIngredients.recipeId, row.id));
    const listing = (
      await app.inject({ method: 'GET', url: `/api/provider/listings/${row.id}`, headers: creator })
    ).json<{ data: Listing }>().data;
    const recipe = listing.recipe as NonNullable<Listing['recipe']>;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${row.id}`,
      headers: creator,
      payload: {
        name: listing.name,
        description: listing.description,
        category: listing.category,
        unit: listing.unit,
        price: 0,
        stock: null,
        available: true,
        recipe: {
          servings: recipe.servings,
          prepMinutes: recipe.prepMinutes,
          cookMinutes: recipe.cookMinutes,
          difficulty: recipe.difficulty,
          steps: recipe.steps,
          ingredients: recipe.ingredients.map(({ matchProductKey: _key, ...ingredient }) => ingredient),
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const keys = saved
      .json<{ data: Listing }>()
      .data.recipe?.ingredients.map((ingredient) => ingredient.matchProductKey);
    expect(keys?.length).toBeGreaterThan(0);
    expect(keys?.every((key) => key === 'hand-picked-key')).toBe(true);
  });

  it('sell ingredients beside them: a priced listing with no recipe, that keeps its kind', async () => {
    const spice = {
      name: { en: 'Pilau masala, 50 g' },
      description: {},
      category: 'spices',
      unit: 'pack',
      price: 12000,
      stock: 40,
      available: true,
      type: 'ingredient',
    };
    const created = await post(spice);
    expect(created.statusCode, created.body).toBe(201);
    const listing = created.json<{ data: Listing }>().data;
    expect(listing).toMatchObject({ type: 'ingredient', price: { amount: 12000 }, recipe: null });
    const { type: _type, ...same } = spice;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${listing.id}`,
      headers: creator,
      payload: { ...same, price: 13000 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: Listing }>().data).toMatchObject({ type: 'ingredient', price: { amount: 13000 } });
    const retyped = await app.inject({
      method: 'PUT',
      url: `/api/provider/listings/${listing.id}`,
      headers: creator,
      payload: { ...GITHERI, type: 'recipe' },
    });
    expect(retyped.statusCode).toBe(400);
    expect((await post({ ...spice, type: 'meal' })).statusCode).toBe(400);
  });

  it('need their recipe, which no other listing has; a meal still needs a price', async () => {
    const { recipe: _recipe, ...bare } = GITHERI;
    const without = await post(bare);
    expect(without.statusCode).toBe(400);
    expect(Object.keys(without.json<{ errors: object }>().errors)).toContain('recipe');
    const meal = await app.inject({
      method: 'POST',
      url: `/api/provider/shops/${shop.providerId}/listings`,
      headers: cook,
      payload: { ...STEW, price: 0, recipe: GITHERI.recipe },
    });
    madeBy(meal);
    expect(meal.statusCode).toBe(400);
    expect(Object.keys(meal.json<{ errors: object }>().errors)).toEqual(expect.arrayContaining(['recipe', 'price']));
  });
});
