import { modeOf, PALETTES, type Palette, toolbarColourOf } from './palettes.ts';
import { DEFAULT_THEME, type ThemeName, type ThemePaint, themeName } from './theme.ts';

/** The CSS custom property of each palette entry: the tokens app.css styles with. */
export const TOKENS: Record<keyof Palette, string> = {
  surface: '--surface',
  surfaceAlt: '--surface-alt',
  ink: '--ink',
  inkSoft: '--ink-soft',
  brand: '--brand',
  brandStrong: '--brand-strong',
  onBrand: '--on-brand',
  line: '--line',
  lineStrong: '--line-strong',
  danger: '--danger',
  success: '--success',
  focus: '--focus',
};

const SHADOW = { light: 'rgb(0 0 0 / 0.12)', dark: 'rgb(0 0 0 / 0.5)' } as const;

/** A theme's declarations on `:root`: its colour scheme, every colour token, its shadow. */
export function paletteDeclarations(name: ThemeName): [property: string, value: string][] {
  const palette = PALETTES[name];
  const mode = modeOf(name);
  return [
    ['color-scheme', mode],
    ...(Object.entries(TOKENS) as [keyof Palette, string][]).map(([key, token]): [string, string] => [
      token,
      palette[key],
    ]),
    ['--shadow', SHADOW[mode]],
  ];
}

/**
 * How to paint one theme: the `<style>` the server puts in the page's head after the shared
 * stylesheet (a plain `:root` rule, so it wins by coming later), and the toolbar colour. The
 * shared stylesheet already carries the default theme, so its CSS is empty: a page in the
 * default theme, most first visits, carries no inline style at all. The server uses this for
 * the saved theme; the picker's `theme-paints.json` is generated from it (`theme-css.ts`).
 */
export function paintOf(name: ThemeName): ThemePaint {
  const css =
    name === themeName(DEFAULT_THEME)
      ? ''
      : `:root{${paletteDeclarations(name)
          .map(([property, value]) => `${property}:${value}`)
          .join(';')}}`;
  return { css, toolbarColour: toolbarColourOf(name) };
}
