import { type Locale, localizePath } from '../i18n/locales.ts';
import type { Translate } from '../i18n/translator.ts';
import { APP_ICONS } from './app-icons.ts';

/** The brand colour, also the browser's toolbar colour (root.tsx `theme-color`). */
export const THEME_COLOR = '#DE421B';
/** The splash screen behind the icon while the installed app starts: the light surface. */
export const BACKGROUND_COLOR = '#FFFFFF';

/**
 * The web app manifest in one language. Every language's manifest has the same `id` and
 * scope, so installing from /fr or from / installs the same app; it opens on that language's
 * home page and reads its name and description in that language.
 */
export function buildWebManifest(locale: Locale, t: Translate) {
  return {
    id: '/',
    name: t('site.name'),
    short_name: t('site.name'),
    description: t('home.description'),
    // BCP 47, which the manifest requires: the route code `ewe` is the tag `ee`.
    lang: locale.iso,
    dir: locale.dir,
    start_url: localizePath('/', locale.code),
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['food', 'shopping'],
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}
