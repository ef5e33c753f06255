import { ZCountryCodeSchema } from '@malewa/contracts/markets';
import { data } from 'react-router';
import { placeContext } from '#app/context.ts';
import { postOnly } from '#app/platform/http/post-only.ts';
import { marketCookie } from '#app/platform/markets/market-cookie.server.ts';
import { redirectWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
import { placeCookie } from '#app/platform/places/places.server.ts';
import type { Route } from './+types/set-location';

/**
 * The header's place picker posts here, naming the city by its slug (a plain form: it works without JavaScript): remember
 * the city, and its country as the market, then go back to the same page, now showing what
 * delivers there in that market's currency (decision 16).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const place = context.get(placeContext).places.find((candidate) => candidate.slug === form.get('place'));
  if (!place) throw data('Unknown place', { status: 400 });
  const country = ZCountryCodeSchema.parse(place.countryCode);

  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });

  const headers = new Headers();
  headers.append('Set-Cookie', placeCookie(place, request));
  headers.append('Set-Cookie', marketCookie(country, request));
  return redirectWithin(`${page.pathname}${page.search}`, { status: 303, headers });
}

/** A form target: GET (a prefetch, a pasted address) is told to post. */
export function loader() {
  return postOnly();
}
