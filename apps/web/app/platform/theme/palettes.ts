import type { ThemeColour, ThemeMode, ThemeName } from './theme.ts';

/**
 * The colour tokens of every theme (app.css uses nothing else for colour). What each is for,
 * and what `palettes.test.ts` checks against WCAG 2.x AA in every theme:
 * - `surface`, `surfaceAlt`: page and card backgrounds.
 * - `ink`, `inkSoft`: text and secondary text, ≥ 4.5 on both surfaces.
 * - `brand`: the theme's colour as marks (card edges, the current tab's underline): ≥ 3
 *   against both surfaces, never behind text.
 * - `brandStrong`: brand-coloured text (links, headings) ≥ 4.5 on both surfaces, and the fill
 *   of buttons and current items, with `onBrand` text on it ≥ 4.5.
 * - `line`: dividers, decorative. `lineStrong`: borders that show a control (inputs, picker
 *   buttons), ≥ 3 against both surfaces.
 * - `danger`, `success`: status text, ≥ 4.5 on both surfaces. `focus`: focus rings, ≥ 3.
 * The malewa light brand is the brand colour, #DE421B (docs/product/pages.md, themes).
 */
export interface Palette {
  readonly surface: string;
  readonly surfaceAlt: string;
  readonly ink: string;
  readonly inkSoft: string;
  readonly brand: string;
  readonly brandStrong: string;
  readonly onBrand: string;
  readonly line: string;
  readonly lineStrong: string;
  readonly danger: string;
  readonly success: string;
  readonly focus: string;
}

const LIGHT = { danger: '#b42318', success: '#1e7b34', onBrand: '#ffffff' } as const;
const DARK = { danger: '#ff8f80', success: '#6fd08c' } as const;

export const PALETTES: Record<ThemeName, Palette> = {
  'light.malewa': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#f7f2ef',
    ink: '#1d1d1f',
    inkSoft: '#4f4a48',
    brand: '#de421b',
    brandStrong: '#b3330f',
    line: '#e6dfda',
    lineStrong: '#8a807a',
    focus: '#1a56db',
  },
  'dark.malewa': {
    ...DARK,
    surface: '#161211',
    surfaceAlt: '#221b19',
    ink: '#f5efec',
    inkSoft: '#c4bab5',
    brand: '#e8562f',
    brandStrong: '#ff8a65',
    onBrand: '#1a0c07',
    line: '#3a302c',
    lineStrong: '#877a74',
    focus: '#8ab4f8',
  },
  'light.bluenavy': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#eff2f8',
    ink: '#131a2b',
    inkSoft: '#464f63',
    brand: '#1f3a93',
    brandStrong: '#1c2f73',
    line: '#dde2ee',
    lineStrong: '#7d869a',
    focus: '#c2410c',
  },
  'dark.bluenavy': {
    ...DARK,
    surface: '#0c1222',
    surfaceAlt: '#151d33',
    ink: '#eef1f8',
    inkSoft: '#b4bccf',
    brand: '#5a78d6',
    brandStrong: '#9fb4f2',
    onBrand: '#0c1222',
    line: '#28324d',
    lineStrong: '#6f7b99',
    focus: '#fdba74',
  },
  'light.blueyale': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#edf3fa',
    ink: '#102036',
    inkSoft: '#44536a',
    brand: '#0f4d92',
    brandStrong: '#0f4d92',
    line: '#d9e3ef',
    lineStrong: '#7a8799',
    focus: '#c2410c',
  },
  'dark.blueyale': {
    ...DARK,
    surface: '#0b1522',
    surfaceAlt: '#132133',
    ink: '#ecf2f9',
    inkSoft: '#b0bfd1',
    brand: '#3d7cc4',
    brandStrong: '#8cb8ec',
    onBrand: '#0b1522',
    line: '#25364d',
    lineStrong: '#6b7f99',
    focus: '#fdba74',
  },
  'light.blueolympic': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#ebf6fc',
    ink: '#0f1f2a',
    inkSoft: '#3f5563',
    brand: '#0081c8',
    brandStrong: '#006399',
    line: '#d5e8f3',
    lineStrong: '#70889a',
    focus: '#c2410c',
  },
  'dark.blueolympic': {
    ...DARK,
    surface: '#08161f',
    surfaceAlt: '#0f2230',
    ink: '#eaf5fb',
    inkSoft: '#a9c3d3',
    brand: '#1a9ae0',
    brandStrong: '#6cc6f5',
    onBrand: '#08161f',
    line: '#1f3a4c',
    lineStrong: '#5f8299',
    focus: '#fdba74',
  },
  'light.greenmoss': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#f1f4ea',
    ink: '#1a1f12',
    inkSoft: '#4b5340',
    brand: '#65793a',
    brandStrong: '#4a5c26',
    line: '#dfe5d3',
    lineStrong: '#7f8873',
    focus: '#1a56db',
  },
  'dark.greenmoss': {
    ...DARK,
    surface: '#11140c',
    surfaceAlt: '#1b2013',
    ink: '#f0f3e8',
    inkSoft: '#bcc4ad',
    brand: '#86a04f',
    brandStrong: '#b5cc82',
    onBrand: '#11140c',
    line: '#30381f',
    lineStrong: '#75805f',
    focus: '#8ab4f8',
  },
  'light.greenlime': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#f2f8e6',
    ink: '#161f08',
    inkSoft: '#47543a',
    brand: '#5b8f0f',
    brandStrong: '#3f6512',
    line: '#deebc8',
    lineStrong: '#7a8a66',
    focus: '#1a56db',
  },
  'dark.greenlime': {
    ...DARK,
    surface: '#0f1508',
    surfaceAlt: '#18210d',
    ink: '#f1f8e4',
    inkSoft: '#bdcaa6',
    brand: '#84c226',
    brandStrong: '#b7e86a',
    onBrand: '#0f1508',
    line: '#2c3a18',
    lineStrong: '#71844f',
    focus: '#8ab4f8',
  },
  'light.purplemonster': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#f5effb',
    ink: '#1e1428',
    inkSoft: '#51465d',
    brand: '#7b2cbf',
    brandStrong: '#6520a3',
    line: '#e6dcf1',
    lineStrong: '#887d95',
    focus: '#c2410c',
  },
  'dark.purplemonster': {
    ...DARK,
    surface: '#140e1b',
    surfaceAlt: '#1f1629',
    ink: '#f4eefa',
    inkSoft: '#c3b6d1',
    brand: '#9d5ae0',
    brandStrong: '#cfa6f7',
    onBrand: '#140e1b',
    line: '#362a45',
    lineStrong: '#7f6f92',
    focus: '#fdba74',
  },
  'light.orangecarrot': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#fdf3e8',
    ink: '#23170b',
    inkSoft: '#574a3d',
    brand: '#c9650a',
    brandStrong: '#9a4a05',
    line: '#f0e0cc',
    lineStrong: '#8d7f70',
    focus: '#1a56db',
  },
  'dark.orangecarrot': {
    ...DARK,
    surface: '#18110a',
    surfaceAlt: '#241a0f',
    ink: '#fbf1e6',
    inkSoft: '#d0bfac',
    brand: '#ed9121',
    brandStrong: '#f7b15a',
    onBrand: '#18110a',
    line: '#3d2e1c',
    lineStrong: '#8a7660',
    focus: '#8ab4f8',
  },
  'light.redruby': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#fbeff2',
    ink: '#23111a',
    inkSoft: '#58434c',
    brand: '#c0143c',
    brandStrong: '#9b1031',
    line: '#f0dbe1',
    lineStrong: '#8f7a82',
    focus: '#1a56db',
  },
  'dark.redruby': {
    ...DARK,
    surface: '#190c10',
    surfaceAlt: '#26131a',
    ink: '#fbedf1',
    inkSoft: '#d3b8c0',
    brand: '#e23a62',
    brandStrong: '#ff93ab',
    onBrand: '#190c10',
    line: '#42222c',
    lineStrong: '#94707b',
    focus: '#8ab4f8',
  },
  'light.yellowgranola': {
    ...LIGHT,
    surface: '#fffdf8',
    surfaceAlt: '#fbf4e2',
    ink: '#231c0c',
    inkSoft: '#574c34',
    brand: '#b0820f',
    brandStrong: '#7a5a06',
    line: '#efe3c3',
    lineStrong: '#8c805f',
    focus: '#1a56db',
  },
  'dark.yellowgranola': {
    ...DARK,
    surface: '#17130a',
    surfaceAlt: '#231d0f',
    ink: '#fbf5e6',
    inkSoft: '#d2c6a6',
    brand: '#d9a939',
    brandStrong: '#f0c96b',
    onBrand: '#17130a',
    line: '#3d331b',
    lineStrong: '#8a7c57',
    focus: '#8ab4f8',
  },
  'light.greysteel': {
    ...LIGHT,
    surface: '#ffffff',
    surfaceAlt: '#f0f2f4',
    ink: '#16191c',
    inkSoft: '#474d53',
    brand: '#5c6b78',
    brandStrong: '#46525d',
    line: '#dde1e5',
    lineStrong: '#7b848c',
    focus: '#c2410c',
  },
  'dark.greysteel': {
    ...DARK,
    surface: '#121416',
    surfaceAlt: '#1c1f22',
    ink: '#eff2f4',
    inkSoft: '#b8c0c7',
    brand: '#8395a5',
    brandStrong: '#b9c6d2',
    onBrand: '#121416',
    line: '#30353a',
    lineStrong: '#747e88',
    focus: '#fdba74',
  },
};

/**
 * The browser's toolbar colour (`<meta name="theme-color">`): the brand colour in light
 * themes, as the site has always had, and the page's own dark surface in dark ones, where a
 * bright bar above a dark page would glare.
 */
export function toolbarColourOf(name: ThemeName): string {
  const palette = PALETTES[name];
  return modeOf(name) === 'dark' ? palette.surface : palette.brand;
}

export function modeOf(name: ThemeName): ThemeMode {
  return name.startsWith('dark.') ? 'dark' : 'light';
}

/** A colour's own hue for its swatch in the picker: the light theme's brand. */
export function swatchOf(colour: ThemeColour): string {
  return PALETTES[`light.${colour}`].brand;
}
