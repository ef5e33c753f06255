import { metricsContext } from '#app/context.ts';
import { openShopEvents } from '#app/features/provider/provider-api.server.ts';
import { countedStream } from '#app/platform/http/counted-stream.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import type { Route } from './+types/shop-events';

/**
 * The order board's live stream (`/provider/orders/events?shop=`, for its EventSource): the
 * API's stream of the shop's orders, passed through with the provider's session, which stays
 * on the server; the API checks the shop is theirs. Last-Event-ID goes along on a reconnect.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const session = sessionOf(context);
  if (!session.signedIn) return new Response(null, { status: 401 });
  const shop = url.searchParams.get('shop');
  if (!isUuid(shop)) return new Response(null, { status: 404 });
  const lastEventId = request.headers.get('Last-Event-ID');
  const upstream = await openShopEvents(context, request, shop, {
    headers: lastEventId && /^\d{1,18}$/.test(lastEventId) ? { 'Last-Event-ID': lastEventId } : {},
    signal: request.signal,
  });
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    const status = upstream.status === 401 || upstream.status === 403 || upstream.status === 404 ? 404 : 503;
    return new Response(null, { status: upstream.status === 401 ? 401 : status });
  }
  return new Response(countedStream(upstream.body, context.get(metricsContext).streamOpened('shop')), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
