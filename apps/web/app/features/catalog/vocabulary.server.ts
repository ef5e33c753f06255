import { ITEM_TYPES } from '@malewa/contracts/catalog/vocabulary';
import type { LocaleCode } from '../../platform/i18n/locales.ts';
import { defineMessageBundle } from '../../platform/i18n/message-bundles.server.ts';
import { allMessagesFor, pageMessagesFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey, Messages } from '../../platform/i18n/translator.ts';

/**
 * The catalog's closed vocabularies (categories, cuisines, tags, units, item types): a hundred
 * and more labels, of which a page shows a dozen. Each catalog page sends the labels its own
 * data names (`vocabularyOf`), not the whole list: every message a page carries is parsed and
 * kept by the browser, and on 2G every kilobyte of the first response counts.
 */
const VOCABULARY = ['catalog.category.', 'catalog.cuisine.', 'catalog.tag.', 'catalog.unit.', 'catalog.type.'];
/** Used only by loaders on the server (titles and descriptions of the head). */
const SERVER_ONLY = ['catalog.collection.', 'catalog.page.'];

/** The catalog's texts every catalog page needs, for the service layout (and `/search`) to send. */
export function catalogMessagesFor(locale: LocaleCode): Partial<Messages> {
  return pageMessagesFor(locale, 'catalog', (key) => ![...VOCABULARY, ...SERVER_ONLY].some((p) => key.startsWith(p)));
}

/** The catalog's texts as a file of their own, shared by every service's pages and `/search`. */
export const catalogMessageBundle = defineMessageBundle('catalog', catalogMessagesFor);

const TYPES: readonly string[] = ITEM_TYPES;

/**
 * The vocabulary labels a page's data names, in the page's language: every `category`, `unit`,
 * `type`, `cuisines` and `tags` of its cards and entries, and the keys of its `categories`,
 * `types` and `tags` facets, wherever they sit in the data.
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
