import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from './locales.ts';
import { type MessageBundle, useMessageBundles } from './message-bundle.tsx';
import { createTranslator, type Messages, type Translate } from './translator.ts';

interface I18n {
  locale: Locale;
  t: Translate;
  messages: Partial<Messages>;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  locale,
  bundles,
  children,
}: {
  locale: Locale;
  bundles: readonly MessageBundle[];
  children: ReactNode;
}) {
  const messages = useMessageBundles(bundles) as Messages;
  const value = useMemo(() => ({ locale, messages, t: createTranslator(locale.code, messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const NO_BUNDLES: readonly MessageBundle[] = [];
const NO_MESSAGES: Partial<Messages> = {};

/**
 * Adds messages to those of every page, for the pages below: a page namespace's bundles (named
 * by the layout's loader) and the page's own few texts sent with its data (the vocabulary
 * labels its cards name).
 */
export function I18nScope({
  bundles = NO_BUNDLES,
  messages = NO_MESSAGES,
  children,
}: {
  bundles?: readonly MessageBundle[];
  messages?: Partial<Messages>;
  children: ReactNode;
}) {
  const parent = useI18n();
  const fromBundles = useMessageBundles(bundles);
  const value = useMemo(() => {
    const all = layered(layered(parent.messages, fromBundles), messages) as Messages;
    return { locale: parent.locale, messages: all, t: createTranslator(parent.locale.code, all) };
  }, [parent, fromBundles, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const LAYERS = new WeakMap<object, WeakMap<object, Partial<Messages>>>();

function isEmpty(messages: Partial<Messages>): boolean {
  for (const _ in messages) return false;
  return true;
}

/**
 * `above`'s messages with `own`'s over them, read through the prototype chain: a scope copied
 * every message of the page (a thousand and more) to add its few, on every render. Kept per
 * pair of objects, weakly: the shared catalog and a namespace's bundles are the same objects
 * from request to request (message-bundle.tsx), so their layer is made once per process.
 */
function layered(above: Partial<Messages>, own: Partial<Messages>): Partial<Messages> {
  if (own === above || isEmpty(own)) return above;
  let byOwn = LAYERS.get(above);
  if (!byOwn) {
    byOwn = new WeakMap();
    LAYERS.set(above, byOwn);
  }
  let layer = byOwn.get(own);
  if (!layer) {
    layer = Object.assign(Object.create(above) as Partial<Messages>, own);
    byOwn.set(own, layer);
  }
  return layer;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it');
  return i18n;
}
