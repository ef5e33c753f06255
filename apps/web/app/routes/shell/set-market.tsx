import { ZCountryCodeSchema } from '@malewa/contracts/markets';
import { data } from 'react-router';
import { postOnly } from '#app/platform/http/post-only.ts';
import { marketCookie } from '#app/platform/markets/market-cookie.server.ts';
import { redirectWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
import type { Route } from './+types/set-market';

/**
 * The footer's country list posts here (a plain HTML form, so it works without JavaScript):
 * remember the shopper's market in its cookie and go back to the page they were on. 303 so the
 * browser follows with a GET and a reload does not post again. See docs/decisions/0009.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const country = ZCountryCodeSchema.safeParse(form.get('country'));
  if (!country.success) throw data('Unknown country', { status: 400 });

  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  return redirectWithin(`${page.pathname}${page.search}`, {
    status: 303,
    headers: { 'Set-Cookie': marketCookie(country.data, request) },
  });
}

/** A form target: GET (a prefetch, a pasted address) is told to post. */
export function loader() {
  return postOnly();
}
