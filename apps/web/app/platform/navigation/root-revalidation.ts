import { localeOfPath } from '../i18n/locales.ts';

/**
 * Whether a client-side navigation reloads the root loader's data (the locale's messages, the
 * theme, the shopper's name, notifications and cart lines, which cost an API call). Single fetch would
 * reload it on every navigation; it only changes when
 * - a form was sent (signing in or out, a theme, a notification marked read, a profile saved),
 *   the redirect that follows included (the router passes the submission along), unless the
 *   action failed (status ≥ 400: nothing changed, and a send that never reached the server
 *   must not be followed by a reload over the same broken connection); the router says which
 *   in `defaultShouldRevalidate`;
 * - the same address is loaded again: an explicit refresh (the staleness refresh in
 *   feedback/, `revalidate()`), or a link to the page one is on;
 * - the language changes (its prefix), and with it the messages and the texts of notifications.
 */
export function shouldReloadRoot({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string | undefined;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (formMethod !== undefined) return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return true;
  return localeOfPath(currentUrl.pathname).code !== localeOfPath(nextUrl.pathname).code;
}
