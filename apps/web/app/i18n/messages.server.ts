import type { LocaleCode } from './locales.ts';
import ar from './messages/ar.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import pt from './messages/pt.json';
import sw from './messages/sw.json';
import type { Messages } from './translator.ts';

/**
 * Every catalog, on the server only: a page receives its own locale's messages through the
 * root loader, never the others.
 */
const CATALOGS: Record<LocaleCode, Messages> = { en, ar, es, fr, pt, sw };

export function messagesFor(locale: LocaleCode): Messages {
  return CATALOGS[locale];
}
