import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { configContext, renderRefusalContext } from '#app/context.ts';
import { readCookie } from '../http/cookies.server.ts';
import { withHeaders } from '../http/response-headers.server.ts';
import { CSRF_FIELD, CSRF_HEADER } from './csrf-field.tsx';
import { secureCookies } from './session.server.ts';

/**
 * CSRF protection for every form post (OWASP ASVS 4.2.2, 50.x): two independent checks.
 * 1. The browser's own word: a post whose Sec-Fetch-Site or Origin says it came from another
 *    site is refused outright.
 * 2. A synchronizer token: a random value in an httpOnly cookie that each of our forms repeats
 *    in a hidden field (or a fetch in the X-CSRF-Token header). Another site can neither read
 *    the cookie nor our pages, so it cannot fill the field.
 * The token is per browser, not per session: a page kept by the offline worker or left open in
 * a tab still posts after signing in or out.
 */
export const CSRF_COOKIE = 'malewa_csrf';
const MAX_AGE_S = 365 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfContext = createContext<string>('');

/** Whether a cookie's value is a token of ours, not a truncated or planted one. */
export function isCsrfToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN.test(value);
}

/**
 * The token of a request whose CSRF cookie holds `cookieToken`: that one when it is ours, else
 * a new one (sent back in a Set-Cookie). The middleware and the page cache's answers take it so.
 */
export function csrfTokenFor(cookieToken: string | undefined): string {
  return isCsrfToken(cookieToken) ? cookieToken : randomBytes(32).toString('base64url');
}

/** The token the page's forms must carry (the root loader hands it to `CsrfField`). */
export function csrfTokenOf(context: Readonly<RouterContextProvider>): string {
  return context.get(csrfContext);
}

/** Why a post is refused, or undefined when it passes. Exported for tests. */
export function crossSiteReason(request: Request, ownOrigins: readonly string[]): string | undefined {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.get('Origin');
  if (origin !== null && !ownOrigins.includes(origin)) return `Origin: ${origin}`;
  return undefined;
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function sentToken(request: Request): Promise<string> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return '';
  // A clone: the action reads the body again.
  const value = (await request.clone().formData()).get(CSRF_FIELD);
  return typeof value === 'string' ? value : '';
}

/**
 * A 403. A form sent as a document gets the error page rendered on its own (this runs before
 * the root loader, whose data the page needs); a fetcher's request gets the error as data, and
 * the page already in the browser shows it.
 */
function refuse(request: Request, context: Readonly<RouterContextProvider>, message: string): Promise<Response> {
  const render = context.get(renderRefusalContext);
  if (render && !new URL(request.url).pathname.endsWith('.data')) return render(request, 403);
  throw data(message, { status: 403 });
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookieToken = readCookie(request, CSRF_COOKIE);
  const token = csrfTokenFor(cookieToken);
  context.set(csrfContext, token);

  if (!SAFE_METHODS.has(request.method.toUpperCase())) {
    const own = [new URL(request.url).origin, context.get(configContext).publicOrigin];
    const reason = crossSiteReason(request, own);
    if (reason) {
      console.warn(`csrf: refused a ${request.method} to ${new URL(request.url).pathname} (${reason})`);
      return refuse(request, context, 'This form was sent from another site.');
    }
    if (token !== cookieToken || !sameToken(await sentToken(request), token)) {
      // Cookies cleared, or a page older than them: the page that answers carries a new token.
      return refuse(request, context, 'This form has expired. Reload the page and send it again.');
    }
  }

  const response = await next();
  if (token === cookieToken) return response;
  const cookie = `${CSRF_COOKIE}=${token}; Max-Age=${MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secureCookies(context, request) ? '; Secure' : ''}`;
  return withHeaders(response, (headers) => headers.append('Set-Cookie', cookie));
};
