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
    const all = { ...parent.messages, ...fromBundles, ...messages } as Messages;
    return { locale: parent.locale, messages: all, t: createTranslator(parent.locale.code, all) };
  }, [parent, fromBundles, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it');
  return i18n;
}
