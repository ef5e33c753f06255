import { paintOf, paletteDeclarations } from './palette-paint.ts';
import { PALETTES, swatchOf } from './palettes.ts';
import { CORNER_RADII, type CornerRadius, DEFAULT_THEME, THEME_COLOURS, type ThemeName, themeName } from './theme.ts';

/** `--radius` for cards and panels, `--radius-pill` for buttons and chips. */
const RADII: Record<CornerRadius, { radius: string; pill: string }> = {
  square: { radius: '0', pill: '0' },
  rounded: { radius: '0.375rem', pill: '0.375rem' },
  round: { radius: '0.75rem', pill: '999px' },
};

/**
 * `styles/theme-tokens.css`, generated from the palettes (`theme-css.test.ts` fails when the
 * file is stale): the default theme's tokens on `:root`, the three corner radii by
 * `data-radius`, and the picker's swatches. Only the default theme: the other 21 would weigh
 * on every page's first round trip though a page shows one, so the server writes the shopper's
 * theme into the page's head instead (`palette-paint.ts`). `:root` alone carries the default
 * for a page rendered without the root loader's data, or in the default theme.
 */
export function themeTokensCss(): string {
  const rule = (selector: string, declarations: string[]) => `${selector} {\n  ${declarations.join(';\n  ')};\n}\n`;
  const defaults = rule(
    ':root',
    paletteDeclarations(themeName(DEFAULT_THEME)).map(([property, value]) => `${property}: ${value}`),
  );
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
    '/* Generated from apps/web/app/platform/theme/palettes.ts by `npm run theme:css`: do not edit. */\n',
    defaults,
    ...radii,
    ...swatches,
    ...corners,
  ].join('\n');
}

/**
 * `theme/theme-paints.json`, generated beside the CSS: every theme's inline CSS and toolbar
 * colour, which the picker fetches when it opens (`palette-loader.ts`) so that a chosen colour
 * paints at once. A fingerprinted asset rather than a code chunk: a failed fetch (offline)
 * only delays the colour until the server answers, where a failed chunk would reload the page.
 */
export function themePaintsJson(): string {
  const paints = Object.fromEntries((Object.keys(PALETTES) as ThemeName[]).map((name) => [name, paintOf(name)]));
  return `${JSON.stringify(paints, null, 2)}\n`;
}
