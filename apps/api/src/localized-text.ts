import type { LocalizedTextOut } from '@malewa/contracts/catalog/catalog-card';
import type { LocalizedText } from '@malewa/contracts/catalog/catalog-values';

/**
 * A provider's text in the first of `languages` it has, else English, else any; with the
 * language it is in, so the page can mark a fallback with its own `lang`.
 */
export function pickText(text: LocalizedText, languages: readonly string[]): LocalizedTextOut {
  for (const lang of [...languages, 'en']) {
    const value = text[lang];
    if (value) return { text: value, lang };
  }
  const [lang, value] = Object.entries(text)[0] ?? ['en', ''];
  return { text: value, lang };
}
