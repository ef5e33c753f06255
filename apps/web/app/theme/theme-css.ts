import { modeOf, PALETTES, type Palette, swatchOf } from './palettes.ts';
import { CORNER_RADII, type CornerRadius, DEFAULT_THEME, THEME_COLOURS, type ThemeName, themeName } from './theme.ts';

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

/** `--radius` for cards and panels, `--radius-pill` for buttons and chips. */
const RADII: Record<CornerRadius, { radius: string; pill: string }> = {
  square: { radius: '0', pill: '0' },
  rounded: { radius: '0.375rem', pill: '0.375rem' },
  round: { radius: '0.75rem', pill: '999px' },
};

const SHADOW = { light: 'rgb(0 0 0 / 0.12)', dark: 'rgb(0 0 0 / 0.5)' } as const;

/**
 * `styles/theme-tokens.css`, generated from the palettes so that the contrast test checks the
 * very colours the page paints with (`theme-css.test.ts` fails when the file is stale). The
 * server puts `data-theme` and `data-radius` on `<html>`, so the first paint needs no script;
 * `:root` alone carries the defaults for a page rendered without the root loader's data.
 */
export function themeTokensCss(): string {
  const defaultName = themeName(DEFAULT_THEME);
  const rule = (selector: string, declarations: string[]) => `${selector} {\n  ${declarations.join(';\n  ')};\n}\n`;
  const themes = (Object.entries(PALETTES) as [ThemeName, Palette][]).map(([name, palette]) => {
    const selector = `:root[data-theme="${name}"]`;
    const mode = modeOf(name);
    return rule(name === defaultName ? `:root,\n${selector}` : selector, [
      `color-scheme: ${mode}`,
      ...(Object.entries(TOKENS) as [keyof Palette, string][]).map(([key, token]) => `${token}: ${palette[key]}`),
      `--shadow: ${SHADOW[mode]}`,
    ]);
  });
  const radii = CORNER_RADII.map((radius) => {
    const selector = `:root[data-radius="${radius}"]`;
    return rule(radius === DEFAULT_THEME.radius ? `:root,\n${selector}` : selector, [
      `--radius: ${RADII[radius].radius}`,
      `--radius-pill: ${RADII[radius].pill}`,
    ]);
  });
  const swatches = THEME_COLOURS.map((colour) =>
    rule(`.theme-swatch[data-colour="${colour}"]`, [`background: ${swatchOf(colour)}`]),
  );
  const corners = CORNER_RADII.map((radius) =>
    rule(`.theme-corner[data-radius="${radius}"]`, [`border-radius: ${RADII[radius].radius}`]),
  );
  return [
    '/* Generated from apps/web/app/theme/palettes.ts by `npm run theme:css`: do not edit. */\n',
    ...themes,
    ...radii,
    ...swatches,
    ...corners,
  ].join('\n');
}
