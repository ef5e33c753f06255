import { IntlMessageFormat } from 'intl-messageformat';
import type en from './messages/en.json';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Formats ICU messages (plurals, selects, numbers) in one locale. Compiled messages are kept,
 * so a key is parsed once per translator however often it renders.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key] ?? key, locale);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
