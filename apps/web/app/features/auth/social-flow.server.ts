import type { RouterContextProvider } from 'react-router';
import { readCookie } from '#app/platform/http/cookies.server.ts';
import { DEFAULT_LOCALE, findLocale, type LocaleCode } from '#app/platform/i18n/locales.ts';
import { secureCookies } from '#app/platform/session/session.server.ts';

/**
 * A started social sign-in (decision 11): the API's flow token, in an httpOnly cookie of the
 * browser that started it, sent only to the callback's path and for the flow's 10 minutes. The
 * provider brings the browser back with a top-level GET, which SameSite=Lax lets the cookie
 * ride on. Beside the token it holds what the storefront needs when the API refuses the
 * callback and says nothing more: the shopper's language and whether they were connecting a
 * provider to their account (`link`) rather than signing in.
 */
export const FLOW_COOKIE = 'malewa_flow';
export const FLOW_COOKIE_PATH = '/auth/account/';
const FLOW_MAX_AGE_S = 600;
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export type SocialIntent = 'sign-in' | 'link';

export interface SocialFlow {
  readonly token: string;
  readonly locale: LocaleCode;
  readonly intent: SocialIntent;
}

/** `<locale>.<intent>.<token>`: none of the three holds a dot. */
export function encodeFlow(flow: SocialFlow): string {
  return `${flow.locale}.${flow.intent}.${flow.token}`;
}

export function decodeFlow(value: string | undefined): SocialFlow | undefined {
  const [locale, intent, token, ...rest] = (value ?? '').split('.');
  if (rest.length > 0 || !token || !TOKEN.test(token)) return undefined;
  if (intent !== 'sign-in' && intent !== 'link') return undefined;
  return { token, intent, locale: findLocale(locale)?.code ?? DEFAULT_LOCALE };
}

export function readFlow(request: Request): SocialFlow | undefined {
  return decodeFlow(readCookie(request, FLOW_COOKIE));
}

function attributes(maxAge: number, context: Readonly<RouterContextProvider>, request: Request): string {
  const secure = secureCookies(context, request) ? '; Secure' : '';
  return `Max-Age=${maxAge}; Path=${FLOW_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`;
}

export function flowCookie(flow: SocialFlow, context: Readonly<RouterContextProvider>, request: Request): string {
  return `${FLOW_COOKIE}=${encodeFlow(flow)}; ${attributes(FLOW_MAX_AGE_S, context, request)}`;
}

/** Spent either way once the callback has been answered. */
export function clearFlowCookie(context: Readonly<RouterContextProvider>, request: Request): string {
  return `${FLOW_COOKIE}=; ${attributes(0, context, request)}`;
}

/** The storefront's callback page for a provider, as registered at the provider. */
export function callbackUrl(publicOrigin: string, provider: string): string {
  return `${publicOrigin}/auth/account/${provider}/callback`;
}
