import { fallbackChain, type LocaleCode } from './locales.ts';
import { createTranslator, type Messages, type Translate } from './translator.ts';

/**
 * Every catalog, on the server only: a page receives its own locale's messages through the
 * root loader, never the others. Files are `messages/<locale>/<namespace>.json`.
 */
const files = import.meta.glob<Record<string, string>>('./messages/*/*.json', { eager: true, import: 'default' });

const CATALOGS = new Map<string, Partial<Messages>>();
for (const [path, messages] of Object.entries(files)) {
  const locale = path.split('/')[2] ?? '';
  CATALOGS.set(locale, { ...CATALOGS.get(locale), ...messages });
}

/** The catalog of a locale as stored, without fallbacks (for completeness checks). */
export function catalogOf(locale: LocaleCode): Partial<Messages> {
  return CATALOGS.get(locale) ?? {};
}

const MERGED = new Map<LocaleCode, Messages>();

/**
 * A locale's messages, complete: a key its catalog lacks comes from the nearest locale of its
 * fallback chain that has it (ln → fr → en), so a partly translated language still shows a
 * language its readers are likelier to know than English, and never a raw key.
 */
export function messagesFor(locale: LocaleCode): Messages {
  let merged = MERGED.get(locale);
  if (!merged) {
    merged = Object.assign({}, ...fallbackChain(locale).reverse().map(catalogOf)) as Messages;
    MERGED.set(locale, merged);
  }
  return merged;
}

const TRANSLATORS = new Map<LocaleCode, Translate>();

/**
 * The server's translator for a locale, kept for the life of the process: loaders format
 * titles and descriptions on every request, and each message is compiled only once.
 */
export function translatorFor(locale: LocaleCode): Translate {
  let t = TRANSLATORS.get(locale);
  if (!t) {
    t = createTranslator(locale, messagesFor(locale));
    TRANSLATORS.set(locale, t);
  }
  return t;
}
