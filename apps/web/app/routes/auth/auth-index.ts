import { redirect } from 'react-router';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import type { Route } from './+types/auth-index';

/** `/auth` on its own is the sign-in page (docs/product/accounts.md, auth pages). */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`${localizePath('/auth/login', localeOfPath(url.pathname).code)}${url.search}`, 302);
}
