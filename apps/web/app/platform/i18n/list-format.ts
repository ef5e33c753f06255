import { intlLanguage } from './locales.ts';

/**
 * One Intl.ListFormat per language, kept for the process: making one costs about a hundred
 * times using one.
 */
const LISTS = new Map<string, Intl.ListFormat>();

function listFormatFor(languageTag: string): Intl.ListFormat {
  const tag = intlLanguage(languageTag);
  let list = LISTS.get(tag);
  if (!list) {
    list = new Intl.ListFormat(tag, { type: 'unit', style: 'short' });
    LISTS.set(tag, list);
  }
  return list;
}

/**
 * Items as the page's language lists them: "A, B, C" in English, "A، وB" in Arabic, "A, B et C"
 * in French. A Latin comma between every item is English punctuation in every language.
 * `languageTag`: the page's locale (its `iso`) or a formatting tag such as `sw-KE`.
 */
export function formatList(items: readonly string[], languageTag: string): string {
  return listFormatFor(languageTag).format(items);
}

/** The same list in parts (each item, and the words between them), to isolate each item. */
export function listParts(
  items: readonly string[],
  languageTag: string,
): { type: 'element' | 'literal'; value: string }[] {
  return listFormatFor(languageTag).formatToParts(items);
}
