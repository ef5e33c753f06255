import { createHash } from 'node:crypto';
import { findLocale, type LocaleCode } from './locales.ts';
import type { MessageBundle } from './message-bundle.tsx';
import type { Messages } from './translator.ts';

/** Where bundles are served: under `/assets/`, so that the service worker keeps them as assets. */
export const MESSAGE_BUNDLE_PREFIX = '/assets/messages/';

type Compute = (locale: LocaleCode) => Partial<Messages>;
interface Built {
  href: string;
  json: string;
  messages: Partial<Messages>;
}

const DEFINITIONS = new Map<string, Compute>();
const BUILT = new Map<string, Built>();
const BY_HREF = new Map<string, Built>();

/**
 * Names a bundle and the messages it holds in each locale; returns what loaders call to name
 * it in a locale. Its address holds a hash of its content: a release that changes a text
 * changes the address, so browsers may keep a bundle for good.
 */
export function defineMessageBundle(name: string, compute: Compute): (locale: LocaleCode) => MessageBundle {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`A message bundle's name is lowercase words: "${name}"`);
  // Development reloads a module that defines a bundle: the new definition replaces the old.
  if (DEFINITIONS.has(name)) for (const key of [...BUILT.keys()]) if (key.endsWith(`/${name}`)) BUILT.delete(key);
  DEFINITIONS.set(name, compute);
  return (locale) => ({ href: built(locale, name).href });
}

function built(locale: LocaleCode, name: string): Built {
  const key = `${locale}/${name}`;
  let bundle = BUILT.get(key);
  if (!bundle) {
    const compute = DEFINITIONS.get(name);
    if (!compute) throw new Error(`No message bundle is named "${name}"`);
    const messages = compute(locale);
    const json = JSON.stringify(messages);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    bundle = { href: `${MESSAGE_BUNDLE_PREFIX}${locale}/${name}-${hash}.json`, json, messages };
    BUILT.set(key, bundle);
    BY_HREF.set(bundle.href, bundle);
  }
  return bundle;
}

/** The messages of a bundle this process named, for rendering the page on the server. */
export function messagesOfBundle(href: string): Partial<Messages> | undefined {
  return BY_HREF.get(href)?.messages;
}

const FILE = /^\/assets\/messages\/([A-Za-z-]{2,12})\/([a-z][a-z0-9-]*)-([0-9a-f]{12})\.json$/;

/**
 * The JSON of the bundle at a path, or null: an unknown locale or name, or a hash that is not
 * this release's (a page of an older release asking for its texts), is not a bundle.
 */
export function messageBundleJson(path: string): string | null {
  const [, code, name] = FILE.exec(path) ?? [];
  const locale = findLocale(code);
  if (!locale || !name || !DEFINITIONS.has(name)) return null;
  const bundle = built(locale.code, name);
  return bundle.href === path ? bundle.json : null;
}
