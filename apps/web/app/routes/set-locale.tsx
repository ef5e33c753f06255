import { data, redirect } from 'react-router';
import { localeCookie } from '../i18n/locale-cookie.server.ts';
import { findLocale, localizePath, unlocalizePath } from '../i18n/locales.ts';
import type { Route } from './+types/set-locale';

/**
 * The language picker posts here (a plain HTML form, so it works before JavaScript loads):
 * remember the choice in the locale cookie and go back to the same page in that language.
 * 303 so that the browser follows with a GET and a reload does not post again.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = findLocale(String(form.get('locale') ?? ''));
  if (!locale) throw data('Unknown language', { status: 400 });

  const page = pageOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  return redirect(`${localizePath(page.pathname, locale.code)}${page.search}`, {
    status: 303,
    headers: { 'Set-Cookie': localeCookie(locale.code, request) },
  });
}

const ORIGIN = 'http://malewa.invalid';

/**
 * The page to return to, without its locale prefix; null when `returnTo` could lead off the
 * site. Browsers read `//host` and `/\host` as another host and drop tabs and newlines
 * (`/\t/host` is `//host`), so only a single `/` followed by no slash, backslash or control
 * character passes, and the URL parser must agree that the origin is still ours.
 */
function pageOf(returnTo: FormDataEntryValue | null): { pathname: string; search: string } | null {
  if (returnTo === null || returnTo === '') return { pathname: '/', search: '' };
  if (typeof returnTo !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
  if (!/^\/(?![/\\])/.test(returnTo) || /[\\\u0000-\u001f\u007f]/.test(returnTo)) return null;
  const url = new URL(returnTo, ORIGIN);
  if (url.origin !== ORIGIN) return null;
  return { pathname: unlocalizePath(url.pathname), search: url.search };
}
