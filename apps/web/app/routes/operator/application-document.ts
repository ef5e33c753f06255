import { data } from 'react-router';
import { applicationDocument } from '#app/features/operator/operator-api.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import type { Route } from './+types/application-document';

const PASSED_ON = ['content-type', 'content-length', 'content-disposition'] as const;

/**
 * An application's document, for operators only: fetched from the API with the operator's own
 * session and passed on as it streams, as an attachment that no cache keeps and no page can run
 * (the API's own headers, and ours again). Anyone else gets a 404.
 */
export async function loader({ url, request, context, params }: Route.LoaderArgs) {
  if (!isUuid(params.id) || !isUuid(params.documentId)) throw data(null, { status: 404 });
  requireSignedIn(context, url);
  const me = await signedInCall(url, () => loadMe(context, request));
  if (!me.user.roles.includes('operator')) throw data(null, { status: 404 });
  const response = await applicationDocument(context, request, params.id, params.documentId);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw data(null, { status: response.status === 401 ? 401 : 404 });
  }
  const headers = new Headers({
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  });
  for (const name of PASSED_ON) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
