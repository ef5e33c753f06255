import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PALETTES } from './palettes.ts';
import { TOKENS, themeTokensCss } from './theme-css.ts';

const committed = readFileSync(new URL('../styles/theme-tokens.css', import.meta.url), 'utf8');
const appCss = readFileSync(new URL('../styles/app.css', import.meta.url), 'utf8');

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

  it('gives every theme every colour token and its colour scheme', () => {
    for (const [name, palette] of Object.entries(PALETTES)) {
      const declarations = declarationsOf(committed, `:root[data-theme="${name}"]`);
      expect(declarations.get('color-scheme'), name).toBe(name.split('.')[0]);
      for (const [key, token] of Object.entries(TOKENS)) {
        expect(declarations.get(token), `${name} ${token}`).toBe(palette[key as keyof typeof palette]);
      }
      expect(declarations.get('--shadow'), name).toBeDefined();
    }
  });

  it('paints light malewa with square corners where no theme is named', () => {
    expect(declarationsOf(committed, ':root').get('--brand')).toBe('#de421b');
    expect(declarationsOf(committed, ':root').get('--radius')).toBe('0');
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
