import type { RouterContextProvider } from 'react-router';
import { readCookie } from '#app/platform/http/cookies.server.ts';
import { secureCookies } from '#app/platform/session/session.server.ts';

/**
 * The registration's sign-in token (API register), kept by the browser that registered in an
 * httpOnly cookie for as long as its code lives: confirming there, with the code or the link,
 * signs that browser in. Another browser (the link opened on a computer) only confirms.
 */
const COOKIE = 'malewa_pending_signin';
const MAX_AGE_S = 30 * 60;
const TOKEN = /^mws_[A-Za-z0-9_-]{43}$/;

function attributes(maxAge: number, context: Readonly<RouterContextProvider>, request: Request): string {
  const secure = secureCookies(context, request) ? '; Secure' : '';
  return `Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function pendingSignInCookie(token: string, context: Readonly<RouterContextProvider>, request: Request): string {
  return `${COOKIE}=${token}; ${attributes(MAX_AGE_S, context, request)}`;
}

/** Spent once the account is confirmed in this browser. */
export function clearPendingSignInCookie(context: Readonly<RouterContextProvider>, request: Request): string {
  return `${COOKIE}=; ${attributes(0, context, request)}`;
}

export function pendingSignInToken(request: Request): string | undefined {
  const token = readCookie(request, COOKIE);
  return token && TOKEN.test(token) ? token : undefined;
}
