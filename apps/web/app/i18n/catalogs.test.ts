import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { catalogOf, messagesFor } from './messages.server.ts';

/** The arguments a message uses: `{year}` and `{count, plural, …}` both name an argument. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]+)\s*(?:[,}])/g)].map((m) => m[1] ?? '').sort();
}

const english = messagesFor('en');

describe.each(LOCALES.map((l) => l.code))('the %s catalog', (code) => {
  const messages = catalogOf(code);

  it('has exactly the keys of the English catalog', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('has no empty message and every message is valid ICU in its locale', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect(message?.trim(), key).not.toBe('');
      expect(() => new IntlMessageFormat(message, code), key).not.toThrow();
    }
  });

  it('uses the same arguments as English in every message', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect(new Set(argumentsOf(message ?? '')), key).toEqual(
        new Set(argumentsOf(english[key as keyof typeof english])),
      );
    }
  });
});
