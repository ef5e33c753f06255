import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast.ts';
import { PALETTES, type Palette } from './palettes.ts';
import { THEME_COLOURS, THEME_MODES } from './theme.ts';

type Token = keyof Palette;

/**
 * WCAG 2.x AA, pair by pair as the stylesheet uses them: 4.5:1 for text, 3:1 for the parts of
 * controls and marks that carry meaning (1.4.11). `--line` is the hover background of the
 * service cards, so the text on those cards must stay readable on it too.
 */
const TEXT: [Token, Token][] = [
  ['ink', 'surface'],
  ['ink', 'surfaceAlt'],
  ['ink', 'line'],
  ['inkSoft', 'surface'],
  ['inkSoft', 'surfaceAlt'],
  ['inkSoft', 'line'],
  ['brandStrong', 'surface'],
  ['brandStrong', 'surfaceAlt'],
  ['brandStrong', 'line'],
  ['onBrand', 'brandStrong'],
  ['danger', 'surface'],
  ['danger', 'surfaceAlt'],
  ['success', 'surface'],
  ['success', 'surfaceAlt'],
  // The skip link: surface-coloured text on an ink background.
  ['surface', 'ink'],
];
const MARKS: [Token, Token][] = [
  ['brand', 'surface'],
  ['brand', 'surfaceAlt'],
  ['focus', 'surface'],
  ['focus', 'surfaceAlt'],
  ['lineStrong', 'surface'],
  ['lineStrong', 'surfaceAlt'],
];

describe('contrastRatio', () => {
  it('follows WCAG: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#de421b', '#de421b')).toBe(1);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    // A reference pair: #767676 on white is the well-known lightest AA grey, 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('the palettes', () => {
  it('cover every colour in light and dark, and nothing else', () => {
    const expected = THEME_MODES.flatMap((mode) => THEME_COLOURS.map((colour) => `${mode}.${colour}`));
    expect(Object.keys(PALETTES).sort()).toEqual(expected.sort());
  });

  it('keep the brand colour for light malewa', () => {
    expect(PALETTES['light.malewa'].brand).toBe('#de421b');
  });

  it('are dark in dark mode and light in light mode', () => {
    for (const [name, palette] of Object.entries(PALETTES)) {
      const luminance = relativeLuminance(palette.surface);
      if (name.startsWith('dark.')) expect(luminance, name).toBeLessThan(0.02);
      else expect(luminance, name).toBeGreaterThan(0.9);
    }
  });

  it('are eleven distinct colours in each mode', () => {
    for (const mode of THEME_MODES) {
      const brands = THEME_COLOURS.map((colour) => PALETTES[`${mode}.${colour}`].brand);
      expect(new Set(brands).size, mode).toBe(THEME_COLOURS.length);
    }
  });

  describe.each(Object.entries(PALETTES))('%s', (_name, palette) => {
    it.each(TEXT)('text: %s on %s is at least 4.5:1', (fore, back) => {
      expect(contrastRatio(palette[fore], palette[back])).toBeGreaterThanOrEqual(4.5);
    });

    it.each(MARKS)('marks: %s against %s is at least 3:1', (fore, back) => {
      expect(contrastRatio(palette[fore], palette[back])).toBeGreaterThanOrEqual(3);
    });
  });
});
