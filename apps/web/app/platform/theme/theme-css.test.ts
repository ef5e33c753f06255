import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paintOf, TOKENS } from './palette-paint.ts';
import { PALETTES } from './palettes.ts';
import type { ThemeName } from './theme.ts';
import { themePaintsJson, themeTokensCss } from './theme-css.ts';

const committed = readFileSync(new URL('../../styles/theme-tokens.css', import.meta.url), 'utf8');
const committedPaints = readFileSync(new URL('./theme-paints.json', import.meta.url), 'utf8');
const appCss = readFileSync(new URL('../../styles/app.css', import.meta.url), 'utf8');

/** The declarations of every rule whose selector list holds `selector`, merged. */
function declarationsOf(css: string, selector: string): Map<string, string> {
  const rules = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, selectors]) =>
    selectors?.split(',').some((s) => s.trim() === selector),
  );
  if (rules.length === 0) throw new Error(`no rule for ${selector}`);
  return new Map(
    rules
      .flatMap((rule) => (rule[2] ?? '').split(';'))
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] !== ''),
  );
}

describe('styles/theme-tokens.css', () => {
  it('is what palettes.ts generates (run `npm run theme:css` after changing a palette)', () => {
    expect(committed).toBe(themeTokensCss());
  });

  it('paints light malewa with square corners where no theme is named', () => {
    const defaults = declarationsOf(committed, ':root');
    expect(defaults.get('color-scheme')).toBe('light');
    for (const [key, token] of Object.entries(TOKENS)) {
      expect(defaults.get(token), token).toBe(PALETTES['light.malewa'][key as keyof (typeof PALETTES)['light.malewa']]);
    }
    expect(defaults.get('--brand')).toBe('#de421b');
    expect(defaults.get('--shadow')).toBeDefined();
    expect(defaults.get('--radius')).toBe('0');
  });

  it('carries no other theme: the shopper’s comes inline with the page', () => {
    expect(committed).not.toContain('data-theme');
    expect(committed).not.toContain(PALETTES['dark.bluenavy'].surface);
  });
});

describe('theme/theme-paints.json (the picker’s)', () => {
  it('is what palettes.ts generates (run `npm run theme:css` after changing a palette)', () => {
    expect(committedPaints).toBe(themePaintsJson());
  });
});

describe('the inline theme style', () => {
  it('gives every theme but the default every colour token and its colour scheme, on :root', () => {
    for (const [name, palette] of Object.entries(PALETTES) as [ThemeName, (typeof PALETTES)[ThemeName]][]) {
      const { css } = paintOf(name);
      if (name === 'light.malewa') {
        expect(css, 'the stylesheet already has it').toBe('');
        continue;
      }
      const declarations = declarationsOf(css, ':root');
      expect(declarations.get('color-scheme'), name).toBe(name.split('.')[0]);
      for (const [key, token] of Object.entries(TOKENS)) {
        expect(declarations.get(token), `${name} ${token}`).toBe(palette[key as keyof typeof palette]);
      }
      expect(declarations.get('--shadow'), name).toBeDefined();
    }
  });

  it('declares what the stylesheet declares for the default theme, so either paints alike', () => {
    const defaults = declarationsOf(committed, ':root');
    const dark = declarationsOf(paintOf('dark.malewa').css, ':root');
    expect([...dark.keys()].sort()).toEqual(
      [...defaults.keys()].filter((property) => !property.startsWith('--radius')).sort(),
    );
  });

  it('is small and cannot close its <style> element', () => {
    for (const name of Object.keys(PALETTES) as ThemeName[]) {
      const { css } = paintOf(name);
      expect(css.length, name).toBeLessThan(400);
      expect(css, name).not.toMatch(/[<>&]/);
    }
  });
});

describe('app.css', () => {
  it('uses colours only through the theme tokens', () => {
    const withoutComments = appCss.replace(/\/\*[\s\S]*?\*\//g, '');
    expect(withoutComments).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i);
    expect(withoutComments).not.toMatch(/:\s*(white|black)\b/i);
  });

  it('uses no token that no theme defines', () => {
    const defined = new Set([...Object.values(TOKENS), '--shadow', '--radius', '--radius-pill', '--space']);
    const used = new Set([...appCss.matchAll(/var\((--[a-z-]+)/g)].map((m) => m[1]));
    for (const token of used) expect(defined, token).toContain(token);
  });
});
