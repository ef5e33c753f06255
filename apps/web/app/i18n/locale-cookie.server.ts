import { findLocale, type Locale, type LocaleCode } from './locales.ts';

/**
 * The language a shopper chose (spec §9): 365 days, SameSite=Lax, path /. Not httpOnly: it is
 * no secret, only a preference. The value is the bare locale code, validated on every read.
 */
export const LOCALE_COOKIE = 'malewa_locale';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function localeCookie(code: LocaleCode, request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${LOCALE_COOKIE}=${code}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The chosen locale, or nothing when there is no cookie or it names no locale we have. */
export function localeFromCookie(request: Request): Locale | undefined {
  for (const pair of (request.headers.get('Cookie') ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim());
    if (name === LOCALE_COOKIE) return findLocale(value);
  }
  return undefined;
}

/**
 * Behind a TLS-terminating proxy the request reaches us as http, with the proxy's
 * X-Forwarded-Proto. Trusting that header is harmless here: a forged `https` only makes the
 * browser of whoever forged it refuse a cookie on plain http.
 */
function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('X-Forwarded-Proto')?.split(',')[0]?.trim() === 'https';
}
