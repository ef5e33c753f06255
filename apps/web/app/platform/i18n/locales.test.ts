import { describe, expect, it } from 'vitest';
import {
  fallbackChain,
  findLocale,
  intlLanguage,
  LOCALES,
  localeOfPath,
  localizePath,
  unlocalizePath,
} from './locales.ts';

describe('locale paths', () => {
  it('finds the locale of a path, English when unprefixed or unknown', () => {
    expect(localeOfPath('/').code).toBe('en');
    expect(localeOfPath('/fr').code).toBe('fr');
    expect(localeOfPath('/ar/food').dir).toBe('rtl');
    expect(localeOfPath('/food').code).toBe('en');
    expect(localeOfPath('/nope').code).toBe('en');
    // A path that merely starts with a locale's letters is not that locale.
    expect(localeOfPath('/french-fries').code).toBe('en');
  });

  it('gives every further language its own prefix', () => {
    expect(localeOfPath('/zu/x').code).toBe('zu');
    expect(localeOfPath('/rw').dir).toBe('ltr');
    expect(localeOfPath('/bas/food').code).toBe('bas');
    expect(localeOfPath('/ewe').code).toBe('ewe');
    // Three-letter codes are whole segments too: /basket is not Basaa.
    expect(localeOfPath('/basket').code).toBe('en');
    expect(localizePath('/food', 'kam')).toBe('/kam/food');
    expect(unlocalizePath('/kam/food')).toBe('/food');
    expect(unlocalizePath('/lu')).toBe('/');
  });

  it('prefixes every locale but English', () => {
    expect(localizePath('/', 'en')).toBe('/');
    expect(localizePath('/', 'sw')).toBe('/sw');
    expect(localizePath('/food', 'pt')).toBe('/pt/food');
    expect(localizePath('/food', 'en')).toBe('/food');
  });

  it('strips a locale prefix and keeps the rest of the path', () => {
    expect(unlocalizePath('/fr')).toBe('/');
    expect(unlocalizePath('/fr/food/meals')).toBe('/food/meals');
    expect(unlocalizePath('/food')).toBe('/food');
    expect(unlocalizePath('/')).toBe('/');
  });

  it('knows only the supported locales', () => {
    expect(findLocale('es')?.name).toBe('Español');
    expect(findLocale('xx')).toBeUndefined();
    expect(findLocale(undefined)).toBeUndefined();
  });
});

describe('the locales', () => {
  it('are the six core locales and the nineteen further languages of the specification', () => {
    expect(LOCALES.filter((l) => l.core).map((l) => l.code)).toEqual(['en', 'ar', 'es', 'fr', 'pt', 'sw']);
    expect(LOCALES.filter((l) => !l.core).map((l) => l.code)).toEqual(
      'af ak bas de ewe ff ig kam ki ln lu nl rw sn tn tw xh yo zu'.split(' '),
    );
    expect(new Set(LOCALES.map((l) => l.name)).size).toBe(LOCALES.length);
  });

  it('are right-to-left only for Arabic', () => {
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar']);
  });

  it('each fall back, without a loop, to English', () => {
    expect(findLocale('en')?.fallback).toBeNull();
    for (const { code } of LOCALES) expect(fallbackChain(code).at(-1), code).toBe('en');
    expect(fallbackChain('ln')).toEqual(['ln', 'fr', 'en']);
    expect(fallbackChain('lu')).toEqual(['lu', 'fr', 'en']);
    expect(fallbackChain('bas')).toEqual(['bas', 'fr', 'en']);
    expect(fallbackChain('zu')).toEqual(['zu', 'en']);
    expect(fallbackChain('en')).toEqual(['en']);
  });

  it('each carry a canonical BCP 47 tag, one per language, the code itself but for Ewe', () => {
    for (const { code, iso } of LOCALES) {
      expect(Intl.getCanonicalLocales(iso)[0], code).toBe(iso);
      // A bare ISO 639 language subtag: no region, so hreflang means the language everywhere.
      expect(iso, code).toMatch(/^[a-z]{2,3}$/);
    }
    expect(new Set(LOCALES.map((l) => l.iso)).size).toBe(LOCALES.length);
    expect(LOCALES.filter((l) => l.iso !== l.code).map((l) => [l.code, l.iso])).toEqual([['ewe', 'ee']]);
  });

  it('each have a country flag', () => {
    for (const { code, flag } of LOCALES) expect(flag, code).toMatch(/^[A-Z]{2}$/);
    expect(findLocale('rw')?.flag).toBe('RW');
    expect(findLocale('sn')?.flag).toBe('ZW');
  });
});

describe('intlLanguage', () => {
  it('formats in the page’s language where browsers have its data, else in its fallback’s', () => {
    expect(intlLanguage('sw')).toBe('sw');
    expect(intlLanguage('af')).toBe('af');
    expect(intlLanguage('rw')).toBe('en');
    expect(intlLanguage('zu')).toBe('en');
    expect(intlLanguage('ln')).toBe('fr');
    expect(intlLanguage('ee')).toBe('en');
    // Every interface language lands on one of the ten every browser formats alike.
    const formatted = new Set(LOCALES.map((locale) => intlLanguage(locale.iso)));
    expect([...formatted].sort()).toEqual(['af', 'ak', 'ar', 'de', 'en', 'es', 'fr', 'nl', 'pt', 'sw']);
  });
});
