import { data } from 'react-router';
import { postOnly } from '#app/platform/http/post-only.ts';
import { localeCookie } from '#app/platform/i18n/locale-cookie.server.ts';
import { findLocale, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { redirectWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
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

  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  return redirectWithin(`${localizePath(unlocalizePath(page.pathname), locale.code)}${page.search}`, {
    status: 303,
    headers: { 'Set-Cookie': localeCookie(locale.code, request) },
  });
}

/** A form target: GET (a prefetch, a pasted address) is told to post. */
export function loader() {
  return postOnly();
}
