import type { CountryCode } from '@malewa/contracts/markets';
import { intlLanguage } from '../i18n/locales.ts';

/**
 * The BCP 47 tag to format numbers, money and dates with: the page's language (or, where
 * browsers lack its data, its fallback's: `intlLanguage`) in the shopper's country.
 */
export function formattingTag(languageTag: string, market: CountryCode): string {
  const language = intlLanguage(languageTag);
  const key = `${language}-${market}`;
  let tag = TAGS.get(key);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(key)[0] ?? language;
    } catch {
      tag = language;
    }
    TAGS.set(key, tag);
  }
  return tag;
}

/** Canonicalizing a tag costs more than printing the price it is for: one per language and market. */
const TAGS = new Map<string, string>();
