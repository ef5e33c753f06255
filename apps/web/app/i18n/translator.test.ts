import { describe, expect, it } from 'vitest';
import { messagesFor } from './messages.server.ts';
import { createTranslator } from './translator.ts';

describe('createTranslator', () => {
  it('formats plurals by the rules of the locale', () => {
    const en = createTranslator('en', messagesFor('en'));
    expect(en('home.citiesCount', { count: 1, countries: 1 })).toBe('1 city in 1 country');
    expect(en('home.citiesCount', { count: 19, countries: 6 })).toBe('19 cities in 6 countries');

    const ar = createTranslator('ar', messagesFor('ar'));
    expect(ar('home.citiesCount', { count: 2, countries: 2 })).toBe('مدينتان في دولتين');
  });

  it('fills arguments', () => {
    const fr = createTranslator('fr', messagesFor('fr'));
    expect(fr('footer.rights', { year: 2026 })).toBe('© 2026 Malewa. Tous droits réservés.');
  });
});
