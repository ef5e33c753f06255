import { refreshSessionEndpoint } from '@malewa/contracts/auth/refresh-session';
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router';
import { configContext } from '#app/context.ts';
import { ApiError, apiClientOptionsFor, createApiClient } from '../api-client/api-client.server.ts';
import { isHttps } from '../http/cookies.server.ts';
import { withHeaders } from '../http/response-headers.server.ts';
import { localeOfPath, localizePath, unlocalizePath } from '../i18n/locales.ts';
import { type Renewal, RequestSession } from './request-session.ts';
import { sessionCookies, tokensFromCookies } from './session-cookies.server.ts';

const sessionContext = createContext<RequestSession | null>(null);

/** The shopper's session for this request (an anonymous one outside the middleware, in tests). */
export function sessionOf(context: Readonly<RouterContextProvider>): RequestSession {
  return context.get(sessionContext) ?? new RequestSession(undefined, async () => ({ ok: false }));
}

/** Whether the session cookies must be Secure: on https, and whenever the public origin is https. */
export function secureCookies(context: Readonly<RouterContextProvider>, request: Request): boolean {
  return isHttps(request) || context.get(configContext).publicOrigin.startsWith('https:');
}

/**
 * Root middleware: reads the tokens from their cookies before the routes run, and after them
 * writes back what changed (signed in, renewed, signed out). A response to a signed-in shopper
 * is theirs alone: no cache, shared or their browser's back-forward store, keeps it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const renew = async (refreshToken: string): Promise<Renewal> => {
    // Without the session itself: this call must not try to renew again.
    const client = createApiClient({ ...apiClientOptionsFor(context, request), session: undefined });
    try {
      const { data: session } = await client.call(refreshSessionEndpoint, { body: { refreshToken } });
      return { ok: true, session };
    } catch (error) {
      // 401: spent, revoked or expired; 400: malformed. Anything else (the API is down) throws.
      if (error instanceof ApiError && (error.status === 401 || error.status === 400)) return { ok: false };
      throw error;
    }
  };
  const session = new RequestSession(tokensFromCookies(request), renew);
  context.set(sessionContext, session);

  const response = await next();
  if (!session.changed && !session.arrivedSignedIn && !session.signedIn) return response;
  return withHeaders(response, (headers) => {
    headers.set('Cache-Control', 'private, no-store');
    if (!session.changed) return;
    for (const cookie of sessionCookies(session.tokens, secureCookies(context, request))) {
      headers.append('Set-Cookie', cookie);
    }
  });
};

/**
 * The `authenticated` guard (docs/product/accounts.md, signed-in pages): a page for signed-in
 * shoppers sends anyone else to the sign-in page of their language, which brings them back here
 * afterwards.
 */
export function requireSignedIn(context: Readonly<RouterContextProvider>, url: URL): RequestSession {
  const session = sessionOf(context);
  if (!session.signedIn) throw redirect(loginPathFor(url));
  return session;
}

/** `/fr/account?tab=x` → `/fr/auth/login?returnTo=%2Ffr%2Faccount%3Ftab%3Dx`. */
export function loginPathFor(url: URL): string {
  const locale = localeOfPath(url.pathname);
  // A data request (`/account.data`) returns to the page, not to its data.
  const pathname = url.pathname.replace(/\.data$/, '') || '/';
  const here = `${pathname}${url.search}`;
  const login = localizePath('/auth/login', locale.code);
  return unlocalizePath(pathname) === '/' ? login : `${login}?returnTo=${encodeURIComponent(here)}`;
}
