import { data } from 'react-router';
import { postOnly } from '#app/platform/http/post-only.ts';
import { replaceWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
import { themeFromForm } from '#app/platform/theme/theme.ts';
import { themeCookies } from '#app/platform/theme/theme-cookie.server.ts';
import type { Route } from './+types/set-theme';

/**
 * The theme picker posts here: a plain HTML form without JavaScript, a fetcher with it.
 * Remember colour, mode and radius in the theme cookies and go back to the same page, 303 so
 * that the browser follows with a GET. `replace`: when a fetcher posted, the router follows
 * the redirect in place of the current history entry instead of stacking a copy of the page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = themeFromForm(form);
  if (!choice) throw data('colour, mode and radius must each name one of the themes', { status: 400 });

  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  const headers = new Headers();
  for (const cookie of themeCookies(choice, request)) headers.append('Set-Cookie', cookie);
  return replaceWithin(`${page.pathname}${page.search}`, { status: 303, headers });
}

/** A form target: GET (a prefetch, a pasted address) is told to post. */
export function loader() {
  return postOnly();
}
