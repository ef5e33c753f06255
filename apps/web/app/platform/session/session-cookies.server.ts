import type { Session } from '@malewa/contracts/auth/user';
import { readCookie } from '../http/cookies.server.ts';

/**
 * The shopper's tokens live in two httpOnly cookies held by the web server (decision 0003):
 * page JavaScript can never read them. Both last 21600 s, path / (docs/product/accounts.md,
 * sessions), SameSite=Lax so that a link from another site still arrives signed in while a form
 * posted from another site does not carry them; Secure whenever the storefront is reached over
 * https.
 *
 * The access cookie also carries when its token expires (`<epoch seconds>.<token>`), so an
 * expired token is renewed before it is used instead of after a wasted 401 round trip.
 */
export const ACCESS_COOKIE = 'malewa_access';
export const REFRESH_COOKIE = 'malewa_refresh';
export const SESSION_COOKIE_MAX_AGE_S = 21_600;

export interface SessionTokens {
  readonly accessToken: string;
  /** Epoch milliseconds. */
  readonly accessExpiresAt: number;
  readonly refreshToken: string;
}

const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** The tokens the browser sent, or undefined when the refresh token is absent or malformed. */
export function tokensFromCookies(request: Request): SessionTokens | undefined {
  const refreshToken = readCookie(request, REFRESH_COOKIE);
  if (!refreshToken || !TOKEN.test(refreshToken)) return undefined;
  const access = readCookie(request, ACCESS_COOKIE) ?? '';
  const dot = access.indexOf('.');
  const expiresAtSeconds = Number(access.slice(0, dot));
  const accessToken = access.slice(dot + 1);
  if (dot < 1 || !Number.isSafeInteger(expiresAtSeconds) || !TOKEN.test(accessToken)) {
    // Only the refresh token is usable: an expired access time makes the session renew first.
    return { accessToken: '', accessExpiresAt: 0, refreshToken };
  }
  return { accessToken, accessExpiresAt: expiresAtSeconds * 1000, refreshToken };
}

export function tokensOfSession(session: Session): SessionTokens {
  return {
    accessToken: session.accessToken,
    accessExpiresAt: Date.parse(session.accessTokenExpiresAt),
    refreshToken: session.refreshToken,
  };
}

function attributes(maxAgeSeconds: number, secure: boolean): string {
  return `Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie headers that store `tokens`, or remove both cookies when undefined. */
export function sessionCookies(tokens: SessionTokens | undefined, secure: boolean): string[] {
  if (!tokens) {
    return [`${ACCESS_COOKIE}=; ${attributes(0, secure)}`, `${REFRESH_COOKIE}=; ${attributes(0, secure)}`];
  }
  const expiresAtSeconds = Math.floor(tokens.accessExpiresAt / 1000);
  return [
    `${ACCESS_COOKIE}=${expiresAtSeconds}.${tokens.accessToken}; ${attributes(SESSION_COOKIE_MAX_AGE_S, secure)}`,
    `${REFRESH_COOKIE}=${tokens.refreshToken}; ${attributes(SESSION_COOKIE_MAX_AGE_S, secure)}`,
  ];
}
