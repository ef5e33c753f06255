import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { withExactOnes } from './fallback-plurals.server.ts';
import { fallbackChain, intlLanguage, LOCALES } from './locales.ts';
import { compileMessage } from './message-format.ts';
import { allMessagesFor, catalogOf, messagesFor, PAGE_NAMESPACES, pageMessagesFor } from './messages.server.ts';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/**
 * The kinds of the parser's elements, indexed by their `type` (the TYPE enum of
 * @formatjs/icu-messageformat-parser, which IntlMessageFormat uses and whose AST `getAst` returns).
 */
const KINDS = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'] as const;

/**
 * What a message asks of its caller, from the parsed message rather than a pattern: every
 * argument with its kind (`year:argument`, `count:plural`, …) and every rich-text tag
 * (`<b>:tag`), nested ones (inside plural branches and tags) included, sorted and unique.
 */
function placeholdersOf(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      const kind = KINDS[element.type];
      if (kind === 'tag' && 'value' in element) found.add(`<${element.value}>:tag`);
      else if (kind !== 'literal' && kind !== 'pound' && 'value' in element) found.add(`${element.value}:${kind}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...found].sort();
}

/** The names of a message's arguments, for giving each one a value. */
function argumentsOf(message: string, locale: string): string[] {
  return placeholdersOf(message, locale)
    .filter((placeholder) => !placeholder.endsWith(':tag'))
    .map((placeholder) => placeholder.slice(0, placeholder.lastIndexOf(':')));
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

const english = allMessagesFor('en');
const englishKeys = Object.keys(english).sort();

describe('the locale list', () => {
  it('has a catalog for every locale', () => {
    for (const { code } of LOCALES) expect(Object.keys(catalogOf(code)).length, code).toBeGreaterThan(0);
  });
});

const files = import.meta.glob<Record<string, string>>('./messages/*/*.json', { eager: true, import: 'default' });

/** `./messages/fr/shell.json` → `shell`. */
const namespaceOf = (path: string) =>
  path
    .split('/')
    .at(-1)
    ?.replace(/\.json$/, '') ?? '';

describe('the catalog files', () => {
  it('put every key in the namespace file English has it in, and only namespaces English has', () => {
    const englishFiles = new Map(
      Object.entries(files)
        .filter(([path]) => path.split('/')[2] === 'en')
        .map(([path, messages]) => [namespaceOf(path), new Set(Object.keys(messages))]),
    );
    for (const [path, messages] of Object.entries(files)) {
      const englishKeys = englishFiles.get(namespaceOf(path));
      expect(englishKeys, path).toBeDefined();
      for (const key of Object.keys(messages)) expect(englishKeys?.has(key), `${path}: ${key}`).toBe(true);
    }
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

  it('uses the same arguments, of the same kinds, and the same tags as English in every message', () => {
    // A translation that drops `{year}`, renames `{count}` or turns a plural into a plain
    // argument would render wrong text (or throw) only at runtime, in a language few of us read.
    for (const [key, message] of Object.entries(messages)) {
      expect(placeholdersOf(message ?? '', code), key).toEqual(
        placeholdersOf(english[key as keyof typeof english], 'en'),
      );
    }
  });

  it.runIf(LOCALES.find((l) => l.code === code)?.dir === 'rtl')(
    'isolates the left-to-right examples it writes (phone numbers, email addresses, slugs) in right-to-left text',
    () => {
      // "+254 712 345 678" in Arabic text turns into "678 345 712 254+" unless it sits between
      // LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE (U+2066 … U+2069); so does an address
      // slug ("mama-wanjiku-kitchen"), whose hyphens and the full stop after it would move.
      const token = /\+?\d[\d ]{6,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?=[a-z\d-]*[a-z])[a-z\d]+(?:-[a-z\d]+)+\b/g;
      for (const [key, message] of Object.entries(messages)) {
        for (const match of (message ?? '').matchAll(token)) {
          const before = (message ?? '').slice(0, match.index);
          const open = before.split('\u2066').length - before.split('\u2069').length;
          expect(open, `${key}: ${match[0]}`).toBeGreaterThan(0);
        }
      }
    },
  );

  it('formats every message as intl-messageformat does, with our smaller formatter', () => {
    // The browser formats with message-format.ts; intl-messageformat, the reference
    // implementation of ICU messages in JavaScript, stays here as its judge.
    for (const [key, message] of Object.entries(messages)) {
      const names = argumentsOf(message ?? '', code);
      const format = compileMessage(message ?? '', code);
      const reference = new IntlMessageFormat(message, code);
      // Numbers are written as browsers can write them for this page (`intlLanguage`); where
      // that differs from the language's own CLDR way, the judge's figure would differ too.
      const ours = new Intl.NumberFormat(intlLanguage(code));
      const theirs = new Intl.NumberFormat(code);
      const samples = [0, 1, 2, 3, 4, 5, 6, 11, 19, 21, 22, 100, 101, 1000, 12345.5];
      for (const n of samples.filter((sample) => ours.format(sample) === theirs.format(sample))) {
        const values = Object.fromEntries(names.map((name) => [name, n]));
        expect(format(values), `${key} with ${n}`).toBe(String(reference.format(values)));
      }
    }
  });

  it('writes numbers as browsers write them for the page', () => {
    expect(compileMessage('{n, number}', code)({ n: 12345.5 })).toBe(
      new Intl.NumberFormat(intlLanguage(code)).format(12345.5),
    );
  });

  it('formats every message', () => {
    for (const [key, message] of Object.entries(messages)) {
      // A number suits every kind of argument: plural, select (`other`), number and plain.
      const values = Object.fromEntries(argumentsOf(message ?? '', code).map((name) => [name, 19]));
      expect(() => new IntlMessageFormat(message, code).format(values), key).not.toThrow();
    }
  });
});

describe('messagesFor', () => {
  it('gives every English key to every locale', () => {
    for (const { code } of LOCALES) expect(Object.keys(allMessagesFor(code)).sort(), code).toEqual(englishKeys);
  });

  const withExactOnesIn = (code: string, text: string) =>
    new Intl.PluralRules(code).resolvedOptions().pluralCategories.includes('one') ? text : withExactOnes(text);

  it('takes each missing key from the nearest locale of the fallback chain that has it', () => {
    for (const { code } of LOCALES) {
      const chain = fallbackChain(code).map(catalogOf);
      for (const key of englishKeys) {
        const found = chain.find((catalog) => key in catalog)?.[key as keyof typeof english];
        // Where the language has no plural "one", a fallback's "one" is "=1" (fallback-plurals.server.ts).
        const expected = found === undefined || key in catalogOf(code) ? found : withExactOnesIn(code, found);
        expect(allMessagesFor(code)[key as keyof typeof english], `${code} ${key}`).toBe(expected);
      }
    }
  });

  it('fills a key missing in Lingala from French', () => {
    expect(catalogOf('ln')['theme.colour.bluenavy']).toBeUndefined();
    expect(allMessagesFor('ln')['theme.colour.bluenavy']).toBe(catalogOf('fr')['theme.colour.bluenavy']);
    expect(allMessagesFor('ln')['service.food.name']).toBe('Bilei');
  });

  it('fills a key missing in Kikamba from English', () => {
    expect(catalogOf('kam')['site.skipToContent']).toBeUndefined();
    expect(allMessagesFor('kam')['site.skipToContent']).toBe('Skip to content');
    expect(allMessagesFor('kam')['site.tagline']).toBe("We cook so you don't have to!");
    expect(allMessagesFor('kam')['service.food.name']).toBe('Liu');
  });
});

describe('page namespaces', () => {
  it('stay out of what every page carries, and reach the pages that use them', () => {
    const shared = messagesFor('fr');
    for (const namespace of PAGE_NAMESPACES) {
      const page = pageMessagesFor('fr', namespace);
      expect(Object.keys(page).length, namespace).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(page)) {
        expect(shared, key).not.toHaveProperty(key);
        expect(value).toBe(allMessagesFor('fr')[key as keyof typeof english]);
      }
    }
    expect(
      Object.keys(shared).length +
        PAGE_NAMESPACES.reduce((n, ns) => n + Object.keys(pageMessagesFor('fr', ns)).length, 0),
    ).toBe(Object.keys(english).length);
  });
});

/**
 * TRANSLATIONS.md tells reviewers and product how far each further language is translated; a
 * table that drifts from the catalogs would send a translator to the wrong keys. Its coverage
 * table must give, per language and namespace, the number of keys the catalog really has.
 */
describe('TRANSLATIONS.md', () => {
  const countsOf = (code: string) =>
    Object.fromEntries(
      Object.entries(files)
        .filter(([path]) => path.split('/')[2] === code)
        .map(([path, messages]) => [namespaceOf(path), Object.keys(messages).length]),
    );
  const english = countsOf('en');
  const namespaces = Object.keys(english).sort();
  const table = readFileSync(new URL('./messages/TRANSLATIONS.md', import.meta.url), 'utf8');
  const header = table.split('\n').find((line) => line.startsWith('| Code | Language |')) ?? '';
  const columns = header.split('|').map((cell) => cell.trim());

  it('has a coverage column per namespace, with English’s key count', () => {
    expect(columns.slice(3, 3 + namespaces.length)).toEqual(namespaces.map((ns) => `${ns} (${english[ns]})`));
  });

  it.each(LOCALES.filter((l) => !l.core).map((l) => l.code))('gives the true coverage of %s', (code) => {
    const row = table.split('\n').find((line) => line.startsWith(`| ${code} |`));
    expect(row, `no row for ${code}`).toBeDefined();
    const cells = (row ?? '').split('|').map((cell) => cell.trim());
    const counts = countsOf(code);
    const actual = namespaces.map((ns) => String(counts[ns] ?? 0));
    const total = namespaces.reduce((sum, ns) => sum + (counts[ns] ?? 0), 0);
    const all = namespaces.reduce((sum, ns) => sum + (english[ns] ?? 0), 0);
    expect(cells.slice(3, 3 + namespaces.length), `the ${code} row should read: ${actual.join(' | ')}`).toEqual(actual);
    expect(cells[3 + namespaces.length], code).toBe(`${total}/${all} (${Math.floor((total / all) * 100)}%)`);
  });
});
