import { describe, expect, it } from 'vitest';
import { findLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { translatorFor } from '../i18n/messages.server.ts';
import { APP_ICONS, ICON_SIZES } from './app-icons.ts';
import { buildWebManifest } from './web-manifest.ts';

const manifestOf = (code: string) => {
  const locale = findLocale(code) as Locale;
  return buildWebManifest(locale, translatorFor(locale.code));
};

describe('buildWebManifest', () => {
  it('describes the English app, opening on the unprefixed home page', () => {
    const manifest = manifestOf('en');
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Malewa',
      short_name: 'Malewa',
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#DE421B',
    });
    expect(manifest.description).toMatch(/delivered to your door/);
  });

  it('opens each language on its own home page, in its direction, with its own description', () => {
    const arabic = manifestOf('ar');
    expect(arabic).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/ar' });
    expect(arabic.description).toBe(translatorFor('ar')('home.description'));
    expect(arabic.description).not.toBe(manifestOf('en').description);
    expect(manifestOf('fr')).toMatchObject({ lang: 'fr', dir: 'ltr', start_url: '/fr' });
  });

  it('is one app in every language', () => {
    for (const { code } of LOCALES) {
      const manifest = manifestOf(code);
      expect(manifest.id, code).toBe('/');
      expect(manifest.scope, code).toBe('/');
      expect(() => Intl.getCanonicalLocales(manifest.lang), code).not.toThrow();
    }
  });

  it('uses BCP 47 language tags, not route codes', () => {
    expect(manifestOf('ewe').lang).toBe('ee');
  });

  it('lists the icons from 64 to 512 px and a maskable one', () => {
    const { icons } = manifestOf('en');
    expect(icons).toHaveLength(APP_ICONS.length);
    for (const size of ICON_SIZES) {
      expect(icons).toContainEqual({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      });
    }
    expect(icons).toContainEqual({
      src: '/icons/maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    });
  });
});
