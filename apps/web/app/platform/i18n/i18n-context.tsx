import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from './locales.ts';
import { createTranslator, type Messages, type Translate } from './translator.ts';

interface I18n {
  locale: Locale;
  t: Translate;
  messages: Partial<Messages>;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ locale, messages, t: createTranslator(locale.code, messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Adds a page namespace's messages (sent by the layout's loader, `pageMessagesFor`) to those
 * of every page, for the pages below.
 */
export function I18nScope({ messages, children }: { messages: Partial<Messages>; children: ReactNode }) {
  const parent = useI18n();
  const value = useMemo(() => {
    const all = { ...parent.messages, ...messages } as Messages;
    return { locale: parent.locale, messages: all, t: createTranslator(parent.locale.code, all) };
  }, [parent, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it');
  return i18n;
}
