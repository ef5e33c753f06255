/**
 * The interface languages. English is unprefixed; every other locale's routes live under its
 * own prefix (/fr, /ar, ...). `dir` drives `<html dir>` and the logical CSS properties.
 */
export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: LocaleCode = 'en';

const byCode = new Map<string, Locale>(LOCALES.map((l) => [l.code, l]));

export function findLocale(code: string | undefined): Locale | undefined {
  return code ? byCode.get(code) : undefined;
}

/** The locale a path belongs to: its first segment when that is a prefixed locale, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  const locale = findLocale(first);
  return locale && locale.code !== DEFAULT_LOCALE ? locale : (byCode.get(DEFAULT_LOCALE) as Locale);
}

/** `/food` in French is `/fr/food`; English stays unprefixed. */
export function localizePath(path: string, locale: LocaleCode): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The same page without its locale prefix: `/fr/food` → `/food`, `/fr` → `/`. */
export function unlocalizePath(pathname: string): string {
  const locale = findLocale(pathname.split('/')[1]);
  if (!locale || locale.code === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.code.length + 1);
  return rest === '' ? '/' : rest;
}
