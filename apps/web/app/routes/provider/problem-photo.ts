import { data } from 'react-router';
import { problemPhoto } from '#app/features/problems/problem-api.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import type { Route } from './+types/problem-photo';

/**
 * A problem report's photo, for the people of its shop (`provider/problems/:id/photo`) or for
 * operators (`operator/problems/:id/photo`): fetched with their own session, passed on as it
 * streams, kept by no cache. Anyone else, and another shop's, gets a 404.
 */
export async function loader({ url, request, context, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const console = url.pathname.startsWith('/operator/') ? 'operator' : 'provider';
  requireSignedIn(context, url);
  const me = await signedInCall(url, () => loadMe(context, request));
  if (!me.user.roles.includes(console)) throw data(null, { status: 404 });
  const response = await problemPhoto(context, request, console, params.id);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw data(null, { status: response.status === 401 ? 401 : 404 });
  }
  return new Response(response.body, {
    status: 200,
    headers: {
      'Content-Type': response.headers.get('content-type') ?? 'image/webp',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
