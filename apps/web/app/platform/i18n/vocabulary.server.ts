import { ITEM_TYPES } from '@malewa/contracts/catalog/vocabulary';
import type { LocaleCode } from './locales.ts';
import { allMessagesFor } from './messages.server.ts';
import type { MessageKey, Messages } from './translator.ts';

/**
 * The catalog's closed vocabularies (categories, cuisines, tags, units, item types) are
 * interface texts, a hundred and more labels, of which a page shows a dozen: each page that
 * shows catalog data (lists, entries, carts, orders) sends the labels its own data names.
 */
const TYPES: readonly string[] = ITEM_TYPES;

/**
 * The vocabulary labels a page's data names, in the page's language: every `category`, `unit`,
 * `type`, `cuisines` and `tags` of its cards and entries, the keys of its `categories`,
 * `types` and `tags` facets, and the offers' words of its `discounts`, wherever they sit.
 */
export function vocabularyOf(locale: LocaleCode, ...data: unknown[]): Partial<Messages> {
  const keys = new Set<string>();
  const add = (prefix: string, value: unknown) => {
    if (typeof value === 'string') keys.add(`${prefix}${value}`);
    else if (typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string') {
      keys.add(`${prefix}${value.key}`);
    }
  };
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1);
      return;
    }
    for (const [name, field] of Object.entries(value)) {
      if (name === 'discounts' && Array.isArray(field) && field.length > 0) {
        // What a discount without a title is called (features/commerce/discount-name.ts).
        for (const key of ['percent', 'fixed', 'freeDelivery']) keys.add(`catalog.offer.${key}`);
      }
      if (name === 'category') add('catalog.category.', field);
      else if (name === 'unit') {
        add('catalog.unit.', field);
        add('catalog.unit.short.', field);
      } else if (name === 'type' && typeof field === 'string' && TYPES.includes(field)) add('catalog.type.', field);
      else if (
        Array.isArray(field) &&
        (name === 'cuisines' || name === 'tags' || name === 'categories' || name === 'types')
      ) {
        const prefix = {
          cuisines: 'catalog.cuisine.',
          tags: 'catalog.tag.',
          categories: 'catalog.category.',
          types: 'catalog.type.',
        }[name];
        for (const entry of field) add(prefix, entry);
      }
      visit(field, depth + 1);
    }
  };
  for (const entry of data) visit(entry, 0);
  const all = allMessagesFor(locale);
  return Object.fromEntries(
    [...keys].filter((key) => key in all).map((key) => [key, all[key as MessageKey]]),
  ) as Partial<Messages>;
}
