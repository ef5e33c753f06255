import { markAllNotificationsReadEndpoint } from '@malewa/contracts/notifications/mark-all-notifications-read';
import {
  markNotificationReadEndpoint,
  ZMarkNotificationReadRequestSchema,
} from '@malewa/contracts/notifications/mark-notification-read';
import { data } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { postOnly } from '#app/platform/http/post-only.ts';
import { redirectWithin, returnPathOf } from '#app/platform/navigation/return-to.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import type { Route } from './+types/notifications-read';

/**
 * The notification dropdown's forms post here: with `id` one notification is marked read,
 * without it all of them. The API checks that they are the shopper's own; one that is not (or
 * no longer exists) is a 404, and there is nothing to tell the shopper about it. Without
 * JavaScript the browser goes back to its page (303); a fetcher (a `.data` request) gets a
 * plain answer and the router reloads the page's data, so the dropdown stays open.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const page = returnPathOf(form.get('returnTo'));
  if (page === null) throw data('returnTo must be a path on this site', { status: 400 });
  const id = form.get('id');
  const one = typeof id === 'string' && id !== '' ? ZMarkNotificationReadRequestSchema.safeParse({ id }) : undefined;
  if (one && !one.success) throw data('id must be a notification id', { status: 400 });

  const session = sessionOf(context);
  if (session.signedIn) {
    const api = apiClientFor(context, request, session);
    try {
      if (one) await api.call(markNotificationReadEndpoint, { params: one.data });
      else await api.call(markAllNotificationsReadEndpoint, {});
    } catch (error) {
      // 404: not theirs or gone. 401: the session has ended (its cookies go in this answer).
      if (!(error instanceof ApiError && (error.status === 404 || error.status === 401))) throw error;
    }
  }

  if (new URL(request.url).pathname.endsWith('.data')) return { ok: true };
  return redirectWithin(`${page.pathname}${page.search}`, 303);
}

/** A GET (a prefetch, a pasted address): this address only takes the dropdown's forms. */
export function loader() {
  return postOnly();
}
