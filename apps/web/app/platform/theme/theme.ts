/**
 * The theme a shopper chooses (docs/product/pages.md, themes): one of eleven colours in light
 * or dark, written like `light.malewa` or `dark.bluenavy`, and a corner radius. Names and
 * parsing only, so this module is cheap enough for the browser; the colours themselves are in
 * `palettes.ts`, which the server, the CSS generator and, lazily, the picker read
 * (`palette-paint.ts`).
 */
export const THEME_COLOURS = [
  'malewa',
  'bluenavy',
  'blueyale',
  'blueolympic',
  'greenmoss',
  'greenlime',
  'purplemonster',
  'orangecarrot',
  'redruby',
  'yellowgranola',
  'greysteel',
] as const;
export const THEME_MODES = ['light', 'dark'] as const;
export const CORNER_RADII = ['square', 'rounded', 'round'] as const;

export type ThemeColour = (typeof THEME_COLOURS)[number];
export type ThemeMode = (typeof THEME_MODES)[number];
export type CornerRadius = (typeof CORNER_RADII)[number];
/** The specification's theme value: `light.malewa`, `dark.bluenavy`, … */
export type ThemeName = `${ThemeMode}.${ThemeColour}`;

export interface ThemeChoice {
  readonly colour: ThemeColour;
  readonly mode: ThemeMode;
  readonly radius: CornerRadius;
}

/** What paints a theme besides `data-theme`: its inline CSS (empty for the default) and toolbar colour. */
export interface ThemePaint {
  readonly css: string;
  readonly toolbarColour: string;
}

/** A theme as the document renders it: `<html data-theme data-radius>`, its `<style>`, its toolbar. */
export interface RenderedTheme extends ThemeChoice, ThemePaint {
  readonly name: ThemeName;
}

/** The default: light, malewa, square. */
export const DEFAULT_THEME: ThemeChoice = { colour: 'malewa', mode: 'light', radius: 'square' };

export function themeName({ mode, colour }: Pick<ThemeChoice, 'mode' | 'colour'>): ThemeName {
  return `${mode}.${colour}`;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export const parseColour = (value: unknown) => oneOf(THEME_COLOURS, value);
export const parseMode = (value: unknown) => oneOf(THEME_MODES, value);
export const parseRadius = (value: unknown) => oneOf(CORNER_RADII, value);

/**
 * `dark.bluenavy` → dark, bluenavy; anything else (another colour, a third part, stray
 * spaces) is not a theme. The mode is the part before the dot: the specification's "dark when
 * the name contains 'dark'", made exact so that no colour name can smuggle the word in.
 */
export function parseThemeName(value: unknown): Pick<ThemeChoice, 'mode' | 'colour'> | undefined {
  if (typeof value !== 'string') return undefined;
  const [modePart, colourPart, ...rest] = value.split('.');
  const mode = parseMode(modePart);
  const colour = parseColour(colourPart);
  return mode && colour && rest.length === 0 ? { mode, colour } : undefined;
}

/** The picker's fields (`colour`, `mode`, `radius`), all three required and valid. */
export function themeFromForm(form: FormData): ThemeChoice | undefined {
  const colour = parseColour(form.get('colour'));
  const mode = parseMode(form.get('mode'));
  const radius = parseRadius(form.get('radius'));
  return colour && mode && radius ? { colour, mode, radius } : undefined;
}
