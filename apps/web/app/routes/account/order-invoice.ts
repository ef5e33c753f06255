import { getOrderInvoiceEndpoint, INVOICE_CONTENT_TYPE } from '@malewa/contracts/orders/get-order-invoice';
import { data } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { findLocale } from '#app/platform/i18n/locales.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import type { Route } from './+types/order-invoice';

/**
 * What an invoice page may do: nothing but its inline style. No script runs, nothing loads, no
 * form posts, no one frames it (the storefront's own policy applies as well).
 */
export const INVOICE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A delivered order's tax invoice or receipt (`/account/orders/{id}/invoice?lang=fr`): the
 * API's printable page, fetched with the shopper's session (which stays on the server) in the
 * language the order page was read in, and passed on as it is under a policy that runs no
 * script. The API's refusals come through: 404 (not theirs), 409 (not delivered yet).
 */
export async function loader({ url, request, context, params }: Route.LoaderArgs) {
  if (!isUuid(params.orderId)) throw data(null, { status: 404 });
  const session = requireSignedIn(context, url);
  const language = findLocale(url.searchParams.get('lang') ?? undefined)?.code ?? 'en';
  const upstream = await apiClientFor(context, request, session).openStream(getOrderInvoiceEndpoint, {
    params: { id: params.orderId },
    headers: { Accept: INVOICE_CONTENT_TYPE, 'Accept-Language': language },
    signal: request.signal,
  });
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    throw data(null, { status: [401, 404, 409].includes(upstream.status) ? upstream.status : 503 });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': `${INVOICE_CONTENT_TYPE}; charset=utf-8`,
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': INVOICE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Content-Language': language,
    },
  });
}
