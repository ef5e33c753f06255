import { preferenceCookie, readCookie } from '../http/cookies.server.ts';
import { findLocale, type Locale, type LocaleCode } from './locales.ts';

/**
 * The language a shopper chose (docs/product/pages.md, cookies): 365 days, SameSite=Lax, path
 * /. Not httpOnly: it is no secret, only a preference. The value is the bare locale code,
 * validated on every read.
 */
export const LOCALE_COOKIE = 'malewa_locale';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function localeCookie(code: LocaleCode, request: Request): string {
  return preferenceCookie(request, LOCALE_COOKIE, code, MAX_AGE_SECONDS);
}

/** The chosen locale, or nothing when there is no cookie or it names no locale we have. */
export function localeFromCookie(request: Request): Locale | undefined {
  return findLocale(readCookie(request, LOCALE_COOKIE));
}
