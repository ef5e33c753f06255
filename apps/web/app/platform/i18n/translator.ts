import { findLocale } from './locales.ts';
import { type CompiledMessage, compileMessage } from './message-format.ts';
import type account from './messages/en/account.json';
import type auth from './messages/en/auth.json';
import type catalog from './messages/en/catalog.json';
import type commerce from './messages/en/commerce.json';
import type core from './messages/en/core.json';
import type feedback from './messages/en/feedback.json';
import type home from './messages/en/home.json';
import type join from './messages/en/join.json';
import type notifications from './messages/en/notifications.json';
import type offers from './messages/en/offers.json';
import type offline from './messages/en/offline.json';
import type operator from './messages/en/operator.json';
import type pages from './messages/en/pages.json';
import type provider from './messages/en/provider.json';
import type rider from './messages/en/rider.json';
import type seo from './messages/en/seo.json';
import type services from './messages/en/services.json';
import type shell from './messages/en/shell.json';
import type theme from './messages/en/theme.json';

/**
 * Every message key, from the English catalogs (the reference). Catalogs are split by
 * namespace (`messages/<locale>/<namespace>.json`) so that features own their texts; a new
 * namespace is added to this type and to `messages.server.ts`.
 */
export type MessageKey =
  | keyof typeof core
  | keyof typeof home
  | keyof typeof services
  | keyof typeof pages
  | keyof typeof seo
  | keyof typeof offline
  | keyof typeof theme
  | keyof typeof shell
  | keyof typeof feedback
  | keyof typeof auth
  | keyof typeof account
  | keyof typeof notifications
  | keyof typeof catalog
  | keyof typeof commerce
  | keyof typeof join
  | keyof typeof operator
  | keyof typeof provider
  | keyof typeof offers
  | keyof typeof rider;
export type Messages = Record<MessageKey, string>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Compiled messages, shared by every translator of the process: a server renders the same
 * texts for request after request, and compiling one (parsing, resolving its locale, making its
 * number and plural formatters) costs far more than formatting it. Bounded by the catalogs:
 * at most every message of every locale.
 */
const COMPILED = new Map<string, Map<string, CompiledMessage>>();

function compiledMessage(text: string, locale: string): CompiledMessage {
  // Per locale, then by the text itself: a catalog's texts are the same strings render after
  // render, whose hashes the engine keeps; a key made of both was a new string to hash each time.
  let ofLocale = COMPILED.get(locale);
  if (!ofLocale) {
    ofLocale = new Map();
    COMPILED.set(locale, ofLocale);
  }
  let format = ofLocale.get(text);
  if (!format) {
    format = compileMessage(text, locale);
    ofLocale.set(text, format);
  }
  return format;
}

/**
 * Formats ICU messages (plurals, selects, numbers) in one locale. A message is compiled once
 * per process and locale, however often it renders.
 *
 * In a right-to-left language every text put into a message that holds Latin letters or
 * digits (a name, an email address, a phone number, a reference) is isolated (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), so
 * that "+254 712 345 678" or "amani@example.com" inside Arabic keeps its own order.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  const isolate = findLocale(locale)?.dir === 'rtl';
  return (key, values) => compiledMessage(messages[key] ?? key, locale)(isolate && values ? isolated(values) : values);
}

/** Text that could turn around: Latin letters or digits. Arabic text needs no isolating. */
const LEFT_TO_RIGHT = /[\p{Script=Latin}\p{Nd}]/u;

function isolated(values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' && LEFT_TO_RIGHT.test(value) ? `\u2068${value}\u2069` : value,
    ]),
  );
}
