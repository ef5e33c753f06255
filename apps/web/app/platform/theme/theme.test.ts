import { describe, expect, it } from 'vitest';
import { parseRadius, parseThemeName, THEME_COLOURS, themeFromForm, themeName } from './theme.ts';

describe('theme names', () => {
  it('are the eleven colours, malewa first', () => {
    expect(THEME_COLOURS).toEqual([
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
    ]);
  });

  it('read and write the specification’s mode.colour form', () => {
    expect(parseThemeName('light.malewa')).toEqual({ mode: 'light', colour: 'malewa' });
    expect(parseThemeName('dark.bluenavy')).toEqual({ mode: 'dark', colour: 'bluenavy' });
    expect(themeName({ mode: 'dark', colour: 'redruby' })).toBe('dark.redruby');
  });

  it.each([
    '',
    'malewa',
    'dark',
    'dark.',
    '.malewa',
    'dim.malewa',
    'dark.pink',
    'dark.malewa.extra',
    'Dark.malewa',
    ' dark.malewa',
    'darkmalewa',
  ])('refuse %j', (value) => {
    expect(parseThemeName(value)).toBeUndefined();
  });

  it('refuse what is not a string', () => {
    expect(parseThemeName(undefined)).toBeUndefined();
    expect(parseThemeName(null)).toBeUndefined();
  });
});

describe('corner radius', () => {
  it('is square, rounded or round', () => {
    expect(['square', 'rounded', 'round'].map(parseRadius)).toEqual(['square', 'rounded', 'round']);
    expect(parseRadius('pill')).toBeUndefined();
    expect(parseRadius('')).toBeUndefined();
  });
});

describe('the picker form', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it('gives a theme when colour, mode and radius are all valid', () => {
    expect(themeFromForm(form({ colour: 'greenlime', mode: 'dark', radius: 'round' }))).toEqual({
      colour: 'greenlime',
      mode: 'dark',
      radius: 'round',
    });
  });

  it('gives nothing when one of them is missing or unknown', () => {
    expect(themeFromForm(form({ colour: 'greenlime', mode: 'dark' }))).toBeUndefined();
    expect(themeFromForm(form({ colour: 'lime', mode: 'dark', radius: 'round' }))).toBeUndefined();
    expect(themeFromForm(form({ colour: 'greenlime', mode: 'dim', radius: 'round' }))).toBeUndefined();
    expect(themeFromForm(form({ colour: 'greenlime', mode: 'dark', radius: 'pill' }))).toBeUndefined();
  });
});
