import { META_MESSAGE_KEYS, type MetaMessages } from '../seo/page-meta.ts';
import { withExactOnes } from './fallback-plurals.server.ts';
import { fallbackChain, type LocaleCode } from './locales.ts';
import { defineMessageBundle } from './message-bundles.server.ts';
import { createTranslator, type MessageKey, type Messages, type Translate } from './translator.ts';

/**
 * Every catalog, on the server only: a page receives its own locale's messages through the
 * root loader, never the others. Files are `messages/<locale>/<namespace>.json`.
 */
const files = import.meta.glob<Record<string, string>>('./messages/*/*.json', { eager: true, import: 'default' });

/**
 * Namespaces that only some pages need: the root loader leaves them out of every page, and the
 * layout of the pages that use them sends them (`pageMessagesFor`, `I18nScope`), so that the
 * first page of a visit stays under its weight budget (docs/performance.md). `services` are
 * the service pages' texts (a service's layout sends its own service's only), `catalog` the
 * catalog's lists, pages and search (sent by the service layout and the search page), `join` the
 * join pages' and the account's applications, `operator` the operator console's, `provider` the
 * provider console's, `offers` the offers' pages of both consoles, `pages` the
 * information pages' and the contact form's, `offline` the offline page's. A key the header,
 * the footer or every page's `meta` uses belongs in a shared namespace (`services.nav.label`
 * is in shell.json for that reason). `notifications` is never sent: the root loader writes
 * the header's notifications with it on the server.
 */
export const PAGE_NAMESPACES = [
  'auth',
  'account',
  'services',
  'catalog',
  'commerce',
  'join',
  'operator',
  'provider',
  'offers',
  'pages',
  'offline',
  'notifications',
  'rider',
] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

const CATALOGS = new Map<string, Partial<Messages>>();
/** The keys of each page namespace, from the English catalogs (the reference). */
const PAGE_KEYS = new Map<string, readonly string[]>();
for (const [path, messages] of Object.entries(files)) {
  const [, , locale = '', file = ''] = path.split('/');
  CATALOGS.set(locale, { ...CATALOGS.get(locale), ...messages });
  const namespace = file.replace(/\.json$/, '');
  if (locale === 'en' && (PAGE_NAMESPACES as readonly string[]).includes(namespace)) {
    PAGE_KEYS.set(namespace, Object.keys(messages));
  }
}
const PAGE_ONLY_KEYS = new Set([...PAGE_KEYS.values()].flat());

/** The catalog of a locale as stored, without fallbacks (for completeness checks). */
export function catalogOf(locale: LocaleCode): Partial<Messages> {
  return CATALOGS.get(locale) ?? {};
}

const MERGED = new Map<LocaleCode, Messages>();

/**
 * Every message of a locale, page namespaces included (the server's translator uses them all),
 * complete: a key its catalog lacks comes from the nearest locale of its fallback chain that
 * has it (ln → fr → en), so a partly translated language still shows a language its readers
 * are likelier to know than English, and never a raw key.
 */
export function allMessagesFor(locale: LocaleCode): Messages {
  let merged = MERGED.get(locale);
  if (!merged) {
    merged = Object.assign({}, ...fallbackChain(locale).reverse().map(catalogOf)) as Messages;
    if (!new Intl.PluralRules(locale).resolvedOptions().pluralCategories.includes('one')) {
      // A fallback's plural counted by a language without "one" (fallback-plurals.server.ts).
      const own = catalogOf(locale);
      for (const key of Object.keys(merged) as MessageKey[]) {
        if (!(key in own)) merged[key] = withExactOnes(merged[key]);
      }
    }
    MERGED.set(locale, merged);
  }
  return merged;
}

const SHARED = new Map<LocaleCode, Messages>();

/** What every page of a locale carries: all its messages but the page namespaces'. */
export function messagesFor(locale: LocaleCode): Messages {
  let shared = SHARED.get(locale);
  if (!shared) {
    const all = allMessagesFor(locale);
    shared = Object.fromEntries(Object.entries(all).filter(([key]) => !PAGE_ONLY_KEYS.has(key))) as Messages;
    SHARED.set(locale, shared);
  }
  return shared;
}

/**
 * One page namespace's messages in a locale, with the same fallbacks, for the layout that uses
 * it; `keep` narrows them further (a service's layout keeps its own service's texts).
 */
export function pageMessagesFor(
  locale: LocaleCode,
  namespace: PageNamespace,
  keep: (key: string) => boolean = () => true,
): Partial<Messages> {
  const all = allMessagesFor(locale);
  return Object.fromEntries(
    (PAGE_KEYS.get(namespace) ?? []).filter(keep).map((key) => [key, all[key as keyof Messages]]),
  );
}

const TRANSLATORS = new Map<LocaleCode, Translate>();

/**
 * The server's translator for a locale, kept for the life of the process: loaders format
 * titles and descriptions on every request, and each message is compiled only once.
 */
export function translatorFor(locale: LocaleCode): Translate {
  let t = TRANSLATORS.get(locale);
  if (!t) {
    t = createTranslator(locale, allMessagesFor(locale));
    TRANSLATORS.set(locale, t);
  }
  return t;
}

/** The texts of the head of every page, which `meta` functions format (seo/page-meta.ts). */
export function metaMessagesFor(locale: LocaleCode): MetaMessages {
  const all = allMessagesFor(locale);
  return Object.fromEntries(META_MESSAGE_KEYS.map((key) => [key, all[key]])) as MetaMessages;
}

/** The texts every page of a locale carries (the root's), as a file of their own. */
export const sharedMessageBundle = defineMessageBundle('shared', messagesFor);

/** The page namespaces that travel whole, each a file of its own (the root of their pages names it). */
export const pageMessageBundle = {
  auth: defineMessageBundle('auth', (locale) => pageMessagesFor(locale, 'auth')),
  account: defineMessageBundle('account', (locale) => pageMessagesFor(locale, 'account')),
  commerce: defineMessageBundle('commerce', (locale) => pageMessagesFor(locale, 'commerce')),
  join: defineMessageBundle('join', (locale) => pageMessagesFor(locale, 'join')),
  operator: defineMessageBundle('operator', (locale) => pageMessagesFor(locale, 'operator')),
  provider: defineMessageBundle('provider', (locale) => pageMessagesFor(locale, 'provider')),
  offers: defineMessageBundle('offers', (locale) => pageMessagesFor(locale, 'offers')),
  rider: defineMessageBundle('rider', (locale) => pageMessagesFor(locale, 'rider')),
  /** The map pin's texts only (commerce's): the join form places a pin and needs no shop's words. */
  pin: defineMessageBundle('pin', (locale) =>
    pageMessagesFor(locale, 'commerce', (key) => key.startsWith('commerce.pin.')),
  ),
  /** The order chat's texts only (commerce's): the shop's board and the rider's page show it without the shop's words. */
  chat: defineMessageBundle('chat', (locale) =>
    pageMessagesFor(locale, 'commerce', (key) => key.startsWith('commerce.chat.')),
  ),
  pages: defineMessageBundle('pages', (locale) => pageMessagesFor(locale, 'pages')),
  offline: defineMessageBundle('offline', (locale) => pageMessagesFor(locale, 'offline')),
};
