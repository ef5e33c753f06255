import { LOCALE_COOKIE } from '../i18n/locale-cookie.server.ts';
import { MARKET_COOKIE } from '../markets/market-cookie.server.ts';
import { PLACE_COOKIE } from '../places/places.server.ts';
import { CSRF_COOKIE, isCsrfToken } from '../session/csrf.server.ts';
import { RADIUS_COOKIE, THEME_COOKIE } from '../theme/theme-cookie.server.ts';
import { PAGES_COOKIE, wantsLightPages } from './light-pages.server.ts';

/**
 * The cookies a page may be kept for (server/page-cache.ts): preferences that many shoppers
 * share. Any other cookie (a session, a cart, a notice waiting to be shown) makes the page the
 * shopper's own, and it is neither kept nor served from the cache.
 */
const SHARED_COOKIES = new Set([PLACE_COOKIE, MARKET_COOKIE, THEME_COOKIE, RADIUS_COOKIE, LOCALE_COOKIE, PAGES_COOKIE]);

/**
 * The request headers a page is made from, besides its address and cookies: the host (the
 * address React Router renders), whether the CSRF cookie goes out again over https
 * (X-Forwarded-Proto). A test reads every header the app reads and fails on one missing here,
 * in `LIGHT_HEADERS` or in `IGNORED_HEADERS`.
 */
export const KEYED_HEADERS = ['host', 'x-forwarded-proto'] as const;

/**
 * The headers that make a page light (light-pages.server.ts): the key holds whether it is, not their
 * values, so that every downlink from 0 to 0.5 Mbit/s shares one kept page.
 */
export const LIGHT_HEADERS = ['save-data', 'ect', 'downlink'] as const;

/**
 * Headers the app reads that cannot change a page kept for a shopper without a session:
 * User-Agent is forwarded to the API for its logs only (crawlers and browsers get the same
 * page, sent whole: entry.server.tsx); the others are read by forms, signing in and event streams,
 * none of which is a GET kept here; Accept-Encoding is the compression's, applied to each
 * answer after the cache; Content-Length is a form's; X-Request-Id names the request in the
 * logs and the answer's header, never in a page.
 */
export const IGNORED_HEADERS = [
  'user-agent',
  'cookie',
  'content-type',
  'origin',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-purpose',
  'purpose',
  'last-event-id',
  'retry-after',
  'x-csrf-token',
  'accept-encoding',
  'content-length',
  'x-request-id',
] as const;

/**
 * What a page kept for this request depends on, or null when the answer may be the shopper's
 * own. `header` reads a request header by lower-case name.
 */
export function pageCacheKey(path: string, header: (name: string) => string | undefined): string | null {
  let csrf = 'none';
  const shared: string[] = [];
  const seen = new Set<string>();
  const cookies = header('cookie');
  if (cookies) {
    for (const pair of cookies.split(';')) {
      const at = pair.indexOf('=');
      const name = (at < 0 ? pair : pair.slice(0, at)).trim();
      const value = at < 0 ? '' : pair.slice(at + 1).trim();
      if (name === '') continue;
      // Twice the same cookie: which one a reader takes is not worth betting a page on.
      if (seen.has(name)) return null;
      seen.add(name);
      if (name === CSRF_COOKIE) {
        // Its value is the shopper's and is put back into each answer; only whether it is
        // a valid one changes the answer (a new one is sent with a Set-Cookie).
        csrf = isCsrfToken(value) ? 'kept' : 'renewed';
      } else if (SHARED_COOKIES.has(name)) {
        shared.push(`${name}=${value}`);
      } else {
        return null;
      }
    }
  }
  shared.sort();
  const headers = KEYED_HEADERS.map((name) => header(name) ?? '');
  const light = wantsLightPages(header) ? 'light' : 'full';
  return [path, csrf, light, ...headers, ...shared].join('\n');
}
