import { describe, expect, it } from 'vitest';
import { findLocale, localeOfPath, localizePath, unlocalizePath } from './locales.ts';

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
