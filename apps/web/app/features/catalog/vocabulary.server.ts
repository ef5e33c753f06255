import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import { defineMessageBundle } from '#app/platform/i18n/message-bundles.server.ts';
import { pageMessagesFor } from '#app/platform/i18n/messages.server.ts';
import type { Messages } from '#app/platform/i18n/translator.ts';

/**
 * The catalog's closed vocabularies (categories, cuisines, tags, units, item types): a hundred
 * and more labels, of which a page shows a dozen. Each catalog page sends the labels its own
 * data names (`vocabularyOf`, platform/i18n/vocabulary.server.ts), not the whole list: every message a page carries is parsed and
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
