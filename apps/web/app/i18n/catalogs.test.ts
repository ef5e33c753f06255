import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { fallbackChain, LOCALES } from './locales.ts';
import { catalogOf, messagesFor } from './messages.server.ts';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** The arguments a message uses: `{year}` and `{count, plural, …}` both name an argument. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]+)\s*(?:[,}])/g)].map((m) => m[1] ?? '').sort();
}

/** Every plural branch a message selects on (`one`, `other`, `=1`, …), nested ones too. */
function pluralSelectors(elements: Element[]): string[] {
  return elements.flatMap((element) => {
    const own = 'pluralType' in element ? Object.keys(element.options) : [];
    const nested =
      'options' in element
        ? Object.values(element.options).flatMap((option) => pluralSelectors(option.value))
        : 'children' in element
          ? pluralSelectors(element.children)
          : [];
    return [...own, ...nested];
  });
}

/**
 * The plural categories of a locale, when this runtime has its rules: for a locale it does not
 * know (rw, ki, tw, …) `Intl` silently uses the default locale's rules, so none can be checked.
 */
function pluralCategoriesOf(code: string): Set<string> | null {
  const resolved = new Intl.PluralRules(code).resolvedOptions();
  const known = new Intl.Locale(resolved.locale).language === new Intl.Locale(code).language;
  return known ? new Set<string>(resolved.pluralCategories) : null;
}

const english = messagesFor('en');
const englishKeys = Object.keys(english).sort();

describe('the locale list', () => {
  it('has a catalog for every locale', () => {
    for (const { code } of LOCALES) expect(Object.keys(catalogOf(code)).length, code).toBeGreaterThan(0);
  });
});

describe.each(LOCALES.filter((l) => l.core).map((l) => l.code))('the core %s catalog', (code) => {
  it('has exactly the keys of the English catalog', () => {
    expect(Object.keys(catalogOf(code)).sort()).toEqual(englishKeys);
  });
});

describe.each(LOCALES.map((l) => l.code))('the %s catalog', (code) => {
  const messages = catalogOf(code);
  const categories = pluralCategoriesOf(code);

  it('has no key that English lacks', () => {
    for (const key of Object.keys(messages)) expect(englishKeys, key).toContain(key);
  });

  it('has no empty message and every message is valid ICU in its locale', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect(message?.trim(), key).not.toBe('');
      expect(() => new IntlMessageFormat(message, code), key).not.toThrow();
    }
  });

  it('uses only the plural categories of its language, always with `other`', () => {
    for (const [key, message] of Object.entries(messages)) {
      const selectors = pluralSelectors(new IntlMessageFormat(message, code).getAst());
      if (selectors.length === 0) continue;
      expect(selectors, key).toContain('other');
      for (const selector of selectors) {
        if (selector.startsWith('=') || !categories) continue;
        expect([...categories], `${key}: ${selector}`).toContain(selector);
      }
    }
  });

  it('uses the same arguments as English in every message', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect(new Set(argumentsOf(message ?? '')), key).toEqual(
        new Set(argumentsOf(english[key as keyof typeof english])),
      );
    }
  });

  it('formats every message', () => {
    for (const [key, message] of Object.entries(messages)) {
      // A number suits every kind of argument: plural, select (`other`), number and plain.
      const values = Object.fromEntries(argumentsOf(message ?? '').map((name) => [name, 19]));
      expect(() => new IntlMessageFormat(message, code).format(values), key).not.toThrow();
    }
  });
});

describe('messagesFor', () => {
  it('gives every English key to every locale', () => {
    for (const { code } of LOCALES) expect(Object.keys(messagesFor(code)).sort(), code).toEqual(englishKeys);
  });

  it('takes each missing key from the nearest locale of the fallback chain that has it', () => {
    for (const { code } of LOCALES) {
      const chain = fallbackChain(code).map(catalogOf);
      for (const key of englishKeys) {
        const expected = chain.find((catalog) => key in catalog)?.[key as keyof typeof english];
        expect(messagesFor(code)[key as keyof typeof english], `${code} ${key}`).toBe(expected);
      }
    }
  });

  it('fills a key missing in Lingala from French', () => {
    expect(catalogOf('ln')['site.tagline']).toBeUndefined();
    expect(messagesFor('ln')['site.tagline']).toBe(catalogOf('fr')['site.tagline']);
    expect(messagesFor('ln')['service.food.name']).toBe('Bilei');
  });

  it('fills a key missing in Xhosa from English', () => {
    // isiZulu is complete, so isiXhosa, which lacks this key, shows the English fallback.
    expect(catalogOf('zu')['site.skipToContent']).toBeDefined();
    expect(catalogOf('xh')['site.skipToContent']).toBeUndefined();
    expect(messagesFor('xh')['site.skipToContent']).toBe('Skip to content');
    expect(messagesFor('kam')['site.tagline']).toBe("We cook so you don't have to!");
  });
});
