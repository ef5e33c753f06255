import { preferenceCookie, readCookie } from '../http/cookies.server.ts';
import { paintOf } from './palette-paint.ts';
import {
  DEFAULT_THEME,
  parseRadius,
  parseThemeName,
  type RenderedTheme,
  type ThemeChoice,
  themeName,
} from './theme.ts';

/**
 * Theme colour and corner radius (docs/product/pages.md, cookies): two cookies of one day
 * (86400 s), SameSite=Lax, path /, read on the server so that the first HTML already carries
 * the theme. The colour cookie holds the specification's theme value (`dark.bluenavy`), the
 * radius cookie its name.
 */
export const THEME_COOKIE = 'malewa_theme';
export const RADIUS_COOKIE = 'malewa_radius';
const MAX_AGE_SECONDS = 24 * 60 * 60;

export function themeCookies(choice: ThemeChoice, request: Request): string[] {
  return [
    preferenceCookie(request, THEME_COOKIE, themeName(choice), MAX_AGE_SECONDS),
    preferenceCookie(request, RADIUS_COOKIE, choice.radius, MAX_AGE_SECONDS),
  ];
}

/** The shopper's theme; each part falls back to its default on its own when absent or invalid. */
export function themeFromCookies(request: Request): ThemeChoice {
  const colour = parseThemeName(readCookie(request, THEME_COOKIE)) ?? DEFAULT_THEME;
  const radius = parseRadius(readCookie(request, RADIUS_COOKIE)) ?? DEFAULT_THEME.radius;
  return { colour: colour.colour, mode: colour.mode, radius };
}

/** What `<html>`, its inline theme `<style>` and `<meta name="theme-color">` need to render a theme. */
export function renderedTheme(choice: ThemeChoice): RenderedTheme {
  const name = themeName(choice);
  return { ...choice, name, ...paintOf(name) };
}
