import { data } from 'react-router';
import { PAGES_CHOICES, pagesCookie } from '#app/platform/http/light-pages.server.ts';
import { postOnly } from '#app/platform/http/post-only.ts';
import { redirectWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
import type { Route } from './+types/set-pages';

/**
 * The footer's light/full switch posts here (a plain form: light pages have no scripts):
 * remember the shopper's choice, which wins over the connection's hints (decision 39), and go
 * back to the page they were on with a 303.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const sent = form.get('pages');
  const choice = PAGES_CHOICES.find((known) => known === sent);
  if (!choice) throw data('pages must be light or full', { status: 400 });

  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  return redirectWithin(`${page.pathname}${page.search}`, {
    status: 303,
    headers: { 'Set-Cookie': pagesCookie(choice, request) },
  });
}

/** A form target: GET (a prefetch, a pasted address) is told to post. */
export function loader() {
  return postOnly();
}
