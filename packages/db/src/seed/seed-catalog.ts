import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { ItemOption, LocalizedText, WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import { currencyDigits } from '@malewa/contracts/currencies';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { experiences, items, offers, providers, recipeIngredients, recipes } from '../schema/catalog.ts';
import { locations, marketplaces } from '../schema/locations.ts';
import { seedTaxClass, seedVatRegistrations } from './seed-tax.ts';

/**
 * Fills an empty catalog from the market files in `seed/catalog/<market>.json` (written by
 * people, checked by catalog-content.test.ts): providers, the items each sells (one row per
 * seller, at the seller's price), recipes, experiences, and offers around the seeding time
 * (running, expired, upcoming, limited coupons). A catalog that has providers is left alone.
 */

interface TemplateItem {
  key: string;
  service: 'food' | 'grocery' | 'chef' | 'cookbook' | 'farm';
  type: 'meal' | 'product' | 'experience' | 'recipe' | 'ingredient' | 'produce';
  name: LocalizedText;
  description?: LocalizedText;
  category: string;
  tags?: string[];
  dietary?: string[];
  price: number;
  unit: string;
  step?: number;
  stock?: number;
  icon: string;
  options?: ItemOption[];
  nutrition?: Record<string, number>;
  servings?: number;
  prepMinutes?: number;
  cookMinutes?: number;
  difficulty?: 'easy' | 'medium' | 'hard';
  steps?: LocalizedText[];
  ingredients?: { name: LocalizedText; quantity?: number; unit?: string; match?: string }[];
  included?: LocalizedText[];
  guestsMin?: number;
  guestsMax?: number;
  durationMinutes?: number;
  pricing?: 'per-guest' | 'per-event';
}

interface TemplateProvider {
  slug: string;
  name: string;
  service: TemplateItem['service'];
  kind: 'restaurant' | 'home_cook' | 'store' | 'chef' | 'creator' | 'farmer';
  city: string;
  area: string;
  lat: number;
  lng: number;
  street: string;
  description: LocalizedText;
  cuisine?: string[];
  hours: string;
  closedDays?: string[];
  deliveryRadiusKm: number;
  deliveryFee: { base: number; perKm: number; freeAbove?: number | null };
  minimumOrder: number;
  prepMinutes: number;
  priceFactor?: number;
  rating: number;
  ratingCount: number;
  status: 'pending' | 'active' | 'suspended';
  items: string[];
}

export interface MarketCatalog {
  market: string;
  providers: TemplateProvider[];
  items: TemplateItem[];
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const at = (hours: number, minutes = 0) => hours * 60 + minutes;

/** The opening-hour patterns the market files name, as [open, close] minutes per weekday. */
const HOUR_PATTERNS: Record<string, { weekday: [number, number][]; sunday: [number, number][] }> = {
  shop: { weekday: [[at(8), at(20)]], sunday: [[at(9), at(17)]] },
  market: { weekday: [[at(6), at(18)]], sunday: [[at(7), at(13)]] },
  'all-day': { weekday: [[at(7), at(22)]], sunday: [[at(7), at(22)]] },
  'lunch-dinner': {
    weekday: [
      [at(11, 30), at(15)],
      [at(17, 30), at(22, 30)],
    ],
    sunday: [
      [at(12), at(15)],
      [at(17, 30), at(22)],
    ],
  },
  'breakfast-lunch': { weekday: [[at(6, 30), at(15)]], sunday: [[at(7, 30), at(14)]] },
  evenings: { weekday: [[at(17), at(23)]], sunday: [[at(17), at(22)]] },
  'by-appointment': { weekday: [[at(9), at(21)]], sunday: [[at(10), at(20)]] },
};

export function weeklyHours(pattern: string, closedDays: readonly string[] = []): WeeklyHours {
  const hours = HOUR_PATTERNS[pattern];
  if (!hours) throw new Error(`Unknown opening-hours pattern "${pattern}"`);
  return WEEKDAYS.map((day) => {
    if (closedDays.includes(day)) return [];
    return (day === 'sun' ? hours.sunday : hours.weekday).map(([open, close]) => [open, close] as [number, number]);
  });
}

/** A seller's price: the content's price times the seller's factor, rounded as shops price. */
export function sellerPrice(price: number, factor: number, currency: string): number {
  if (price === 0 || factor === 1) return price;
  const major = 10 ** currencyDigits(currency);
  const step = price >= 20 * major ? 5 * major : major;
  return Math.max(step, Math.round((price * factor) / step) * step);
}

export function readMarketCatalogs(): MarketCatalog[] {
  const dir = new URL('./catalog/', import.meta.url);
  return readdirSync(dir)
    .filter((name) => /^[a-z]{2}\.json$/.test(name))
    .sort()
    .map((name) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as MarketCatalog);
}

/** A stable small number from a text, so the seed varies stock the same way every time. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

const DAY_MS = 86_400_000;

/**
 * The id a seeded row gets: a name-based (version 5 style) UUID of what it is and its slug, the
 * same on every seeding. Lists break their sort's ties (the items of one shop, at one distance)
 * by id, so random ids gave every fresh database its own order, and pages whose weight tests
 * hold (e2e/page-weight.spec.ts) a different weight on each run.
 */
export function seededId(kind: 'provider' | 'item', name: string): string {
  const bytes = createHash('sha1').update(`malewa-seed:${kind}:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface CatalogSeedResult {
  seeded: boolean;
  providers: number;
  items: number;
  offers: number;
}

export async function seedCatalogIfEmpty(
  db: Db,
  options: { now?: Date; catalogs?: MarketCatalog[] } = {},
): Promise<CatalogSeedResult> {
  const now = options.now ?? new Date();
  const catalogs = options.catalogs ?? readMarketCatalogs();
  const result = await db.transaction(async (): Promise<CatalogSeedResult> => {
    const [existing] = await db.select({ n: count() }).from(providers);
    if (Number(existing?.n ?? 0) > 0) return { seeded: false, providers: 0, items: 0, offers: 0 };

    const markets = await db.select().from(marketplaces);
    const cities = await db
      .select({ id: locations.id, slug: locations.slug, countryCode: locations.countryCode })
      .from(locations)
      .where(
        inArray(
          locations.slug,
          catalogs.flatMap((catalog) => catalog.providers.map((provider) => provider.city)),
        ),
      );
    const cityId = new Map(cities.map((city) => [`${city.countryCode}:${city.slug}`, city.id]));
    let providerCount = 0;
    let itemCount = 0;
    let offerCount = 0;

    for (const catalog of catalogs) {
      const market = markets.find((candidate) => candidate.countryCode === catalog.market);
      if (!market) throw new Error(`The catalog names market ${catalog.market}, which is not seeded`);
      const currency = market.currencies[0] ?? 'USD';
      const templates = new Map(catalog.items.map((item) => [item.key, item]));
      const registrations = seedVatRegistrations(catalog.market, catalog.providers);

      const providerRows = await db
        .insert(providers)
        .values(
          catalog.providers.map((provider) => {
            const locationId = cityId.get(`${catalog.market}:${provider.city}`);
            if (!locationId) throw new Error(`${provider.slug}: unknown city ${provider.city}`);
            return {
              id: seededId('provider', provider.slug),
              slug: provider.slug,
              service: provider.service,
              kind: provider.kind,
              status: provider.status,
              name: provider.name,
              vatNumber: registrations.get(provider.slug)?.vatNumber ?? null,
              legalName: registrations.get(provider.slug)?.legalName ?? null,
              description: provider.description,
              countryCode: catalog.market,
              locationId,
              area: provider.area,
              street: provider.street,
              latitude: provider.lat,
              longitude: provider.lng,
              cuisines: provider.cuisine ?? [],
              hours: weeklyHours(provider.hours, provider.closedDays),
              byAppointment: provider.hours === 'by-appointment',
              deliveryRadiusKm: provider.deliveryRadiusKm,
              deliveryFeeBase: provider.deliveryFee.base,
              deliveryFeePerKm: provider.deliveryFee.perKm,
              freeDeliveryAbove: provider.deliveryFee.freeAbove ?? null,
              minimumOrder: provider.minimumOrder,
              prepMinutes: provider.prepMinutes,
              ratingAverage: provider.rating,
              ratingCount: provider.ratingCount,
              // Spread creation over the last months, so "newest" has an order.
              createdAt: new Date(now.getTime() - (hashOf(provider.slug) % 180) * DAY_MS),
            };
          }),
        )
        .returning({ id: providers.id, slug: providers.slug });
      const providerId = new Map(providerRows.map((row) => [row.slug, row.id]));
      providerCount += providerRows.length;

      const itemRows = catalog.providers.flatMap((provider) =>
        provider.items.map((key) => {
          const template = templates.get(key);
          if (!template) throw new Error(`${provider.slug} sells unknown item ${key}`);
          const seed = hashOf(`${provider.slug}/${key}`);
          // A few stocked items are sold out at one seller or another.
          const stock = template.stock === undefined ? null : seed % 23 === 0 ? 0 : template.stock;
          return {
            template,
            row: {
              id: seededId('item', `${template.service}:${key}-${provider.slug}`),
              providerId: providerId.get(provider.slug) ?? '',
              countryCode: catalog.market,
              service: template.service,
              type: template.type,
              slug: `${key}-${provider.slug}`,
              productKey: key,
              name: template.name,
              description: template.description ?? template.name,
              images: [template.icon],
              category: template.category,
              tags: template.tags ?? [],
              dietary: template.dietary ?? [],
              price: sellerPrice(template.price, provider.priceFactor ?? 1, currency),
              currency,
              taxClass: seedTaxClass(catalog.market, template),
              unit: template.unit,
              stepMilli: Math.round((template.step ?? 1) * 1000),
              stock,
              options: template.options ?? [],
              nutrition: template.nutrition ?? null,
              orderCount: seed % 500,
              createdAt: new Date(now.getTime() - (seed % 120) * DAY_MS),
            },
          };
        }),
      );
      const inserted = await db
        .insert(items)
        .values(itemRows.map((entry) => entry.row))
        .returning({ id: items.id, slug: items.slug });
      const itemId = new Map(inserted.map((row) => [row.slug, row.id]));
      itemCount += inserted.length;

      const recipeRows = itemRows.filter((entry) => entry.template.type === 'recipe');
      if (recipeRows.length > 0) {
        await db.insert(recipes).values(
          recipeRows.map(({ template, row }) => ({
            itemId: itemId.get(row.slug) ?? '',
            servings: template.servings ?? 4,
            prepMinutes: template.prepMinutes ?? 0,
            cookMinutes: template.cookMinutes ?? 0,
            difficulty: template.difficulty ?? 'easy',
            steps: template.steps ?? [],
          })),
        );
        const ingredientRows = recipeRows.flatMap(({ template, row }) =>
          (template.ingredients ?? []).map((ingredient, position) => ({
            recipeId: itemId.get(row.slug) ?? '',
            position,
            name: ingredient.name,
            quantityMilli: ingredient.quantity === undefined ? null : Math.round(ingredient.quantity * 1000),
            unit: ingredient.unit ?? null,
            matchProductKey: ingredient.match ?? null,
          })),
        );
        if (ingredientRows.length > 0) await db.insert(recipeIngredients).values(ingredientRows);
      }

      const experienceRows = itemRows.filter((entry) => entry.template.type === 'experience');
      if (experienceRows.length > 0) {
        await db.insert(experiences).values(
          experienceRows.map(({ template, row }) => ({
            itemId: itemId.get(row.slug) ?? '',
            included: template.included ?? [],
            guestsMin: template.guestsMin ?? 1,
            guestsMax: template.guestsMax ?? template.guestsMin ?? 1,
            durationMinutes: template.durationMinutes ?? 120,
            pricing: template.pricing ?? (template.unit === 'per-event' ? 'per-event' : 'per-guest'),
          })),
        );
      }

      const offerRows = marketOffers(catalog, providerId, currency, now);
      if (offerRows.length > 0) await db.insert(offers).values(offerRows);
      offerCount += offerRows.length;
    }
    return { seeded: true, providers: providerCount, items: itemCount, offers: offerCount };
  });
  // Fresh statistics: planned on an empty table's, a search walks every provider's items.
  if (result.seeded) await analyzeCatalog(db);
  return result;
}

/** Brings the planner's statistics of the catalog tables up to date after a bulk load. */
export async function analyzeCatalog(db: Db): Promise<void> {
  await db.execute(sql`analyze providers, items, catalog_words, recipes, recipe_ingredients, experiences, offers`);
}

/**
 * Each service of a market gets: a running percent offer over a minimum, a running free
 * delivery at one provider, a limited coupon, one that has expired and one that starts next
 * week; amounts scale with the currency's minor units.
 */
function marketOffers(
  catalog: MarketCatalog,
  providerId: Map<string, string>,
  currency: string,
  now: Date,
): (typeof offers.$inferInsert)[] {
  const major = 10 ** currencyDigits(currency);
  // About the price of a meal out in each market, in major units.
  const typicalMajor: Record<string, number> = { ZA: 150, KE: 1000, RW: 10000, BW: 150, ZW: 10, MZ: 600 };
  const typical = (typicalMajor[catalog.market] ?? 100) * major;
  const services = ['food', 'grocery', 'chef', 'cookbook', 'farm'] as const;
  return services.flatMap((service, index) => {
    const sellers = catalog.providers.filter((p) => p.service === service && p.status === 'active');
    const first = sellers[0] ? providerId.get(sellers[0].slug) : undefined;
    const window = (fromDays: number, toDays: number) => ({
      startsAt: new Date(now.getTime() + fromDays * DAY_MS),
      endsAt: new Date(now.getTime() + toDays * DAY_MS),
    });
    const code = (word: string) => `${word}${catalog.market}${service.slice(0, 3).toUpperCase()}`;
    return [
      { kind: 'percent' as const, value: 10 + index * 5, minimumSubtotal: typical, ...window(-5, 25) },
      ...(first
        ? [{ kind: 'free-delivery' as const, value: 0, minimumSubtotal: 0, providerId: first, ...window(-2, 12) }]
        : []),
      {
        kind: 'fixed' as const,
        value: Math.round(typical / 5),
        minimumSubtotal: typical * 2,
        code: code('WELCOME'),
        totalLimit: 500,
        perShopperLimit: 1,
        ...window(-10, 60),
      },
      { kind: 'percent' as const, value: 20, minimumSubtotal: 0, code: code('SPRING'), ...window(-60, -10) },
      { kind: 'percent' as const, value: 15, minimumSubtotal: typical, ...window(7, 21) },
    ].map((offer) => ({ countryCode: catalog.market, service, ...offer }));
  });
}
