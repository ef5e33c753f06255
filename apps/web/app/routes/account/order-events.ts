import { streamOrderEventsEndpoint } from '@malewa/contracts/orders/stream-order-events';
import { metricsContext } from '#app/context.ts';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { countedStream } from '#app/platform/http/counted-stream.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import type { Route } from './+types/order-events';

/**
 * The order page's live status (`/account/orders/{id}/events`, for its EventSource): the API's
 * stream of the order's moves, passed through with the shopper's session, which stays on the
 * server. The browser's Last-Event-ID goes along, so a reconnect misses nothing. `no-transform`
 * keeps the compression middleware from holding events back in its buffer.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = sessionOf(context);
  if (!session.signedIn) return new Response(null, { status: 401 });
  if (!isUuid(params.orderId)) return new Response(null, { status: 404 });
  const lastEventId = request.headers.get('Last-Event-ID');
  const upstream = await apiClientFor(context, request, session).openStream(streamOrderEventsEndpoint, {
    params: { id: params.orderId },
    headers: lastEventId && /^\d{1,18}$/.test(lastEventId) ? { 'Last-Event-ID': lastEventId } : {},
    signal: request.signal,
  });
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    // 401 (the session ended), 404 (not theirs): the page stops listening; anything else, it retries.
    return new Response(null, { status: upstream.status === 401 || upstream.status === 404 ? upstream.status : 503 });
  }
  return new Response(countedStream(upstream.body, context.get(metricsContext).streamOpened('order')), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
