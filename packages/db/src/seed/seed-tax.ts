import type { TaxClass } from '@malewa/contracts/catalog/vocabulary';

/**
 * The seed's VAT: each seeded item's tax class and, for about half of each market's active
 * shops, a VAT registration, so the demo shows both a tax invoice and a receipt. Deterministic:
 * picked from the market, the item's product key and category, and the shop's slug.
 *
 * Tax classes follow shared/notes/money-delivery-production-facts.md §4:
 * - South Africa zero-rates basic foods (VAT Act Sch. 2 Part B): maize meal, samp, rice, dried
 *   beans, brown bread, cake and bread flour (since 2019), vegetable oil (not olive), milk and
 *   cultured milk (amasi), eggs, fresh fruit and vegetables, tinned pilchards. Anything prepared
 *   or flavoured (baked beans, chakalaka, spice kits, mageu) stays standard.
 * - Kenya exempts (First Schedule) maize and other flours, cereals and pulses (rice, dried
 *   beans, green grams, pigeon peas, dry maize), unprocessed milk, fresh eggs, bread, fresh
 *   vegetables and fruit. Long-life and fermented milk, yoghurt and butter are processed: standard.
 * - Mozambique exempts a short list: maize and maize flour, rice, bread, iodized salt, wheat
 *   flour, fresh tomatoes, potatoes, onions and frozen horse mackerel (carapau). Its other fresh
 *   produce, milk and eggs are standard, as the checked list says (not as a general rule would).
 * - Rwanda, Botswana and Zimbabwe: everything standard in the seed.
 * Only what a shop sells as goods (a product, produce, a creator's ingredient) is ever relieved:
 * a cooked meal, a chef's experience, herbs and spices are standard everywhere. Keys are matched
 * from their start, so `yellow-rice-spice` is not rice and `massa-tomate` is not a tomato.
 */
const GOODS = new Set(['product', 'produce', 'ingredient']);

/** Fresh fruit and vegetables, by the catalog's categories (grocery's `fresh-produce`, farm's own). */
const FRESH_PRODUCE = new Set(['fresh-produce', 'vegetables', 'leafy-greens', 'fruit', 'roots-tubers']);

const ZA_ZERO =
  /^(white-maize-meal|samp|rice-|sugar-beans|cake-flour|sunflower-oil|amasi|eggs-|free-range-eggs|brown-bread|pilchards)/;
const KE_EXEMPT =
  /^(white-maize-meal|whole-maize-meal|wheat-flour|uji-flour|pishori-rice|sindano-rice|aged-basmati|rosecoco-beans|njahi-beans|green-grams|pigeon-peas|dry-maize|fresh-milk|farm-milk|eggs-tray|kienyeji-eggs|layers-eggs|white-bread|brown-bread)/;
const MZ_EXEMPT =
  /^(farinha-milho|farinha-trigo|arroz|paozinho|pao-de-forma|sal-1kg|tomate-|batata-reno|batata-\d|cebola|carapau|milho-verde)/;

/** A seeded item's VAT class in its market (see above). */
export function seedTaxClass(market: string, item: { key: string; type: string; category: string }): TaxClass {
  if (!GOODS.has(item.type)) return 'standard';
  switch (market) {
    case 'ZA':
      return ZA_ZERO.test(item.key) || FRESH_PRODUCE.has(item.category) ? 'zero' : 'standard';
    case 'KE':
      return KE_EXEMPT.test(item.key) || FRESH_PRODUCE.has(item.category) ? 'exempt' : 'standard';
    case 'MZ':
      return MZ_EXEMPT.test(item.key) ? 'exempt' : 'standard';
    default:
      return 'standard';
  }
}

/** A stable number from a text (FNV-1a), for a shop's VAT number. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const digits = (seed: number, count: number) => String(seed % 10 ** count).padStart(count, '0');

/**
 * A plausible VAT number of the market for a shop, in the shape `contracts/provider/vat-number.ts`
 * checks: SARS's 4 and 9 digits, a KRA PIN, RRA's 9-digit TIN, a BURS number, ZIMRA's and
 * Mozambique's NUIT.
 */
function vatNumberOf(market: string, slug: string): string {
  const seed = hashOf(slug);
  switch (market) {
    case 'ZA':
      return `4${digits(seed, 9)}`;
    case 'KE':
      return `P05${digits(seed, 7)}${String.fromCharCode(65 + (seed % 26))}`;
    case 'RW':
      return `1${digits(seed, 8)}`;
    case 'BW':
      return `P0${digits(seed, 10)}`;
    case 'ZW':
      return `10${digits(seed, 6)}`;
    default:
      return `4${digits(seed, 8)}`;
  }
}

/** The company suffix a registered name takes in each market. */
const LEGAL_SUFFIX: Record<string, string> = {
  ZA: '(Pty) Ltd',
  KE: 'Limited',
  RW: 'Ltd',
  BW: '(Pty) Ltd',
  ZW: '(Private) Limited',
  MZ: 'Lda',
};

/**
 * The VAT registrations of a market's shops: every other active shop by slug (about half, the
 * same ones on every seeding), with a number and a registered name; the rest are not registered.
 */
export function seedVatRegistrations(
  market: string,
  shops: readonly { slug: string; name: string; status: string }[],
): Map<string, { vatNumber: string; legalName: string }> {
  const active = shops
    .filter((shop) => shop.status === 'active')
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const registered = new Map<string, { vatNumber: string; legalName: string }>();
  active.forEach((shop, index) => {
    if (index % 2 !== 0) return;
    const name = shop.name
      .replace(/['’]s\b/g, 's')
      .replace(/[^\p{L}\p{N}&' -]/gu, '')
      .trim();
    registered.set(shop.slug, {
      vatNumber: vatNumberOf(market, shop.slug),
      legalName: `${name} ${LEGAL_SUFFIX[market] ?? 'Ltd'}`,
    });
  });
  return registered;
}
