import { describe, expect, it } from 'vitest';
import { renderedTheme, themeCookies, themeFromCookies } from './theme-cookie.server.ts';

const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { Cookie: cookie } });

describe('the theme cookies', () => {
  it('hold the theme value and the radius for one day, Lax, for the whole site', () => {
    const [colour, radius] = themeCookies(
      { colour: 'bluenavy', mode: 'dark', radius: 'rounded' },
      new Request('http://localhost/set-theme'),
    );
    expect(colour).toBe('malewa_theme=dark.bluenavy; Max-Age=86400; Path=/; SameSite=Lax');
    expect(radius).toBe('malewa_radius=rounded; Max-Age=86400; Path=/; SameSite=Lax');
  });

  it('are Secure on https, directly or behind a proxy', () => {
    const choice = { colour: 'malewa', mode: 'light', radius: 'square' } as const;
    for (const cookie of themeCookies(choice, new Request('https://malewa.example/set-theme'))) {
      expect(cookie).toMatch(/; Secure$/);
    }
    const proxied = new Request('http://localhost/set-theme', { headers: { 'X-Forwarded-Proto': 'https' } });
    for (const cookie of themeCookies(choice, proxied)) expect(cookie).toMatch(/; Secure$/);
  });

  it('are read among other cookies', () => {
    expect(themeFromCookies(withCookie('malewa_locale=fr; malewa_theme=dark.redruby; malewa_radius=round'))).toEqual({
      colour: 'redruby',
      mode: 'dark',
      radius: 'round',
    });
  });

  it('give light malewa with square corners when absent', () => {
    expect(themeFromCookies(new Request('http://localhost/'))).toEqual({
      colour: 'malewa',
      mode: 'light',
      radius: 'square',
    });
  });

  it('fall back part by part when a value is not one of ours', () => {
    expect(themeFromCookies(withCookie('malewa_theme=dark.pink; malewa_radius=round'))).toEqual({
      colour: 'malewa',
      mode: 'light',
      radius: 'round',
    });
    expect(themeFromCookies(withCookie('malewa_theme=dark.greysteel; malewa_radius=blob'))).toEqual({
      colour: 'greysteel',
      mode: 'dark',
      radius: 'square',
    });
    expect(themeFromCookies(withCookie('malewa_theme=; not_malewa_radius=round'))).toEqual({
      colour: 'malewa',
      mode: 'light',
      radius: 'square',
    });
  });
});

describe('the rendered theme', () => {
  it('names the theme and gives the browser toolbar the brand colour, or the dark surface', () => {
    const light = renderedTheme({ colour: 'malewa', mode: 'light', radius: 'square' });
    expect(light.name).toBe('light.malewa');
    expect(light.toolbarColour).toBe('#de421b');
    const dark = renderedTheme({ colour: 'malewa', mode: 'dark', radius: 'square' });
    expect(dark.name).toBe('dark.malewa');
    expect(dark.toolbarColour).toMatch(/^#[0-9a-f]{6}$/);
    expect(dark.toolbarColour).not.toBe(light.toolbarColour);
  });

  it('carries the inline CSS of a theme other than the default, which the stylesheet holds', () => {
    expect(renderedTheme({ colour: 'malewa', mode: 'light', radius: 'round' }).css).toBe('');
    const navy = renderedTheme({ colour: 'bluenavy', mode: 'dark', radius: 'square' });
    expect(navy.css).toMatch(/^:root\{color-scheme:dark;--surface:#[0-9a-f]{6};/);
  });
});
