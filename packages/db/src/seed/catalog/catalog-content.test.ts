import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The catalog seed content, one file per market (issue 11): written by people, so checked for
 * what a seeder would trip on. Every provider's items exist and every item is sold by someone;
 * every text is in English and the market's languages; a recipe's ingredients point at items
 * that exist; providers stand inside their country; prices are whole minor units.
 */
interface Text {
  [language: string]: string;
}
interface Item {
  key: string;
  service: string;
  type: string;
  name: Text;
  description?: Text;
  price: number;
  ingredients?: Array<{ name: Text; match?: string }>;
}
interface Provider {
  slug: string;
  service: string;
  city: string;
  lat: number;
  lng: number;
  description: Text;
  items: string[];
}
interface MarketContent {
  market: string;
  providers: Provider[];
  items: Item[];
}

const MARKETS: Record<string, { languages: string[]; lat: [number, number]; lng: [number, number] }> = {
  ZA: { languages: ['en', 'zu'], lat: [-34.9, -22.1], lng: [16.4, 32.9] },
  KE: { languages: ['en', 'sw'], lat: [-4.7, 5.0], lng: [33.9, 41.9] },
  RW: { languages: ['en', 'fr', 'rw'], lat: [-2.85, -1.05], lng: [28.85, 30.9] },
  BW: { languages: ['en', 'tn'], lat: [-26.9, -17.8], lng: [19.9, 29.4] },
  ZW: { languages: ['en', 'sn'], lat: [-22.5, -15.6], lng: [25.2, 33.1] },
  MZ: { languages: ['en', 'pt'], lat: [-26.9, -10.4], lng: [30.2, 40.9] },
};
const SERVICES = ['food', 'grocery', 'chef', 'cookbook', 'farm'];

const dir = new URL('./', import.meta.url);

/** The illustration set the storefront draws items with (MIT): every icon named must be in it. */
const ICON_SET = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
) as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };
const files = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'vocabulary.json');

function textsOf(value: unknown, path: string, found: Array<[string, Text]> = []): Array<[string, Text]> {
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) textsOf(entry, `${path}[${index}]`, found);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.en === 'string') found.push([path, record as Text]);
    else for (const [key, entry] of Object.entries(record)) textsOf(entry, `${path}.${key}`, found);
  }
  return found;
}

/**
 * Categories, cuisines and units are interface texts (issue 11: closed vocabularies complete in
 * the six core locales): the storefront's catalog messages must label every one the content
 * uses. Read as files: the database package does not import the storefront.
 */
const CORE_LOCALES = ['en', 'ar', 'es', 'fr', 'pt', 'sw'];
const labels = new Map(
  CORE_LOCALES.map((locale) => [
    locale,
    JSON.parse(
      readFileSync(
        new URL(`../../../../../apps/web/app/platform/i18n/messages/${locale}/catalog.json`, import.meta.url),
        'utf8',
      ),
    ) as Record<string, string>,
  ]),
);

it('has content for at least one market', () => {
  expect(files.length).toBeGreaterThan(0);
});

describe.each(files)('%s', (file) => {
  const content = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as MarketContent;
  const market = MARKETS[content.market];

  it('names a market of ours, in its file name', () => {
    expect(market, content.market).toBeDefined();
    expect(file).toBe(`${content.market.toLowerCase()}.json`);
  });

  it('gives every provider a unique slug, a known service, a place inside the country, and items that exist', () => {
    const keys = new Set(content.items.map((item) => item.key));
    expect(new Set(content.providers.map((provider) => provider.slug)).size).toBe(content.providers.length);
    for (const provider of content.providers) {
      expect(SERVICES, provider.slug).toContain(provider.service);
      expect(provider.lat, provider.slug).toBeGreaterThanOrEqual(market?.lat[0] ?? 0);
      expect(provider.lat, provider.slug).toBeLessThanOrEqual(market?.lat[1] ?? 0);
      expect(provider.lng, provider.slug).toBeGreaterThanOrEqual(market?.lng[0] ?? 0);
      expect(provider.lng, provider.slug).toBeLessThanOrEqual(market?.lng[1] ?? 0);
      for (const key of provider.items) expect(keys.has(key), `${provider.slug}: ${key}`).toBe(true);
    }
  });

  it('sells every item, once keyed, at a whole non-negative price in minor units, by a provider of its service', () => {
    expect(new Set(content.items.map((item) => item.key)).size).toBe(content.items.length);
    for (const item of content.items) {
      expect(Number.isInteger(item.price) && item.price >= 0, item.key).toBe(true);
      const sellers = content.providers.filter((provider) => provider.items.includes(item.key));
      expect(sellers.length, item.key).toBeGreaterThan(0);
      for (const seller of sellers) expect(seller.service, `${seller.slug}: ${item.key}`).toBe(item.service);
    }
  });

  it('writes every text in English and the market’s languages, none empty', () => {
    for (const [path, text] of textsOf(content, content.market)) {
      expect(Object.keys(text).sort(), path).toEqual([...(market?.languages ?? [])].sort());
      for (const [language, words] of Object.entries(text)) expect(words.trim(), `${path}.${language}`).not.toBe('');
    }
  });

  it('draws every item with an icon of the illustration set', () => {
    for (const item of content.items as Array<Item & { icon: string }>) {
      const [set, name = ''] = item.icon.split(':');
      expect(set, item.key).toBe('fluent-emoji-flat');
      expect(name in ICON_SET.icons || name in (ICON_SET.aliases ?? {}), `${item.key}: ${item.icon}`).toBe(true);
    }
  });

  it('uses only categories, tags, cuisines and units the storefront labels in its six core languages', () => {
    const keys = new Set<string>();
    for (const item of content.items as Array<
      Item & { category: string; unit: string; tags?: string[]; ingredients?: Array<{ unit?: string }> }
    >) {
      keys.add(`catalog.category.${item.category}`);
      for (const tag of item.tags ?? []) keys.add(`catalog.tag.${tag}`);
      keys.add(`catalog.unit.${item.unit}`);
      // "Quantity (plate)" on the item page and in the cart; a booking counts guests instead.
      if (item.type !== 'experience') keys.add(`catalog.unit.short.${item.unit}`);
      for (const ingredient of item.ingredients ?? [])
        if (ingredient.unit) keys.add(`catalog.unit.short.${ingredient.unit}`);
    }
    for (const provider of content.providers as Array<Provider & { cuisine?: string[] }>) {
      for (const cuisine of provider.cuisine ?? []) keys.add(`catalog.cuisine.${cuisine}`);
    }
    for (const [locale, messages] of labels) {
      const missing = [...keys].filter((key) => !messages[key]);
      expect(missing, locale).toEqual([]);
    }
  });

  it('points every matched recipe ingredient at an item that exists', () => {
    const keys = new Set(content.items.map((item) => item.key));
    for (const item of content.items) {
      for (const ingredient of item.ingredients ?? []) {
        if (ingredient.match) expect(keys.has(ingredient.match), `${item.key}: ${ingredient.match}`).toBe(true);
      }
    }
  });
});
