import { CART_TOKEN_HEADER } from '@malewa/contracts/carts/cart';
import type { EndpointOutput } from '@malewa/contracts/endpoint';
import { cancelOrderEndpoint } from '@malewa/contracts/orders/cancel-order';
import { checkoutEndpoint } from '@malewa/contracts/orders/checkout';
import { checkoutAllEndpoint } from '@malewa/contracts/orders/checkout-all';
import { getOrderEndpoint } from '@malewa/contracts/orders/get-order';
import { getOrderInvoiceEndpoint, INVOICE_CONTENT_TYPE } from '@malewa/contracts/orders/get-order-invoice';
import { listOrdersEndpoint } from '@malewa/contracts/orders/list-orders';
import {
  acceptOrderEndpoint,
  advanceOrderEndpoint,
  rejectOrderEndpoint,
} from '@malewa/contracts/orders/provider-order-moves';
import {
  getProviderOrderEndpoint,
  listMyShopsEndpoint,
  listProviderOrdersEndpoint,
} from '@malewa/contracts/orders/provider-orders';
import { rateOrderEndpoint } from '@malewa/contracts/orders/rate-order';
import { reorderEndpoint } from '@malewa/contracts/orders/reorder';
import { streamOrderEventsEndpoint } from '@malewa/contracts/orders/stream-order-events';
import { streamShopEventsEndpoint } from '@malewa/contracts/orders/stream-shop-events';
import { IDEMPOTENCY_KEY_HEADER } from '@malewa/contracts/request-headers';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#api/app-error.ts';
import type { OrderMoveDeps } from '#api/events/order-moves.ts';
import { acceptOrder } from '#api/flows/accept-order.ts';
import { advanceOrder } from '#api/flows/advance-order.ts';
import { cancelOrder } from '#api/flows/cancel-order.ts';
import { type CheckoutDeps, type CheckoutOutcome, checkout } from '#api/flows/checkout.ts';
import { checkoutAll } from '#api/flows/checkout-all.ts';
import type { DispatchDeps } from '#api/flows/dispatch-jobs.ts';
import { type RateOrderDeps, rateOrder } from '#api/flows/rate-order.ts';
import { rejectOrder } from '#api/flows/reject-order.ts';
import type { OrderClosingDeps } from '#api/flows/release-order-holds.ts';
import { reorder } from '#api/flows/reorder.ts';
import { type StreamOrderDeps, streamOrderEvents } from '#api/flows/stream-order-events.ts';
import type { ApiMetrics, StreamKind } from '#api/metrics/api-metrics.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { keepAnswersPrivate } from '#api/plugins/private-answers.ts';
import { firstLanguage, header, placeHeaders } from '#api/request-headers.ts';
import { getOrder } from './get-order.ts';
import { getOrderInvoice } from './get-order-invoice.ts';
import { getProviderOrder } from './get-provider-order.ts';
import { listMyShops } from './list-my-shops.ts';
import { listOrders } from './list-orders.ts';
import { listProviderOrders } from './list-provider-orders.ts';
import type { EventSink } from './live-stream.ts';
import { streamShopEvents } from './stream-shop-events.ts';

/** An invoice page loads nothing and runs nothing: its only style is inline. */
export const INVOICE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Checkout (`POST /carts/{service}/checkout`: docs/product/checkout.md) and the shopper's
 * orders, every one for a signed-in shopper (another shopper's order is a 404); the provider
 * console's shops, orders and moves, for their people (another shop's order is a 404).
 */
export const orderRoutes: FastifyPluginAsync<
  CheckoutDeps &
    OrderClosingDeps &
    RateOrderDeps &
    OrderMoveDeps &
    DispatchDeps &
    StreamOrderDeps & { metrics: Pick<ApiMetrics, 'checkout' | 'streamOpened'> }
> = async (app, deps) => {
  // Live streams end when the server stops, or it would wait on them until its deadline.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  /** Answers with a live stream (server-sent events) that `start` writes until the client goes. */
  const sendStream = async (reply: FastifyReply, kind: StreamKind, start: (sink: EventSink) => Promise<void>) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      // Proxies that buffer (nginx) would hold the events back.
      'x-accel-buffering': 'no',
    });
    const end = () => reply.raw.end();
    openStreams.add(end);
    const closed = deps.metrics.streamOpened(kind);
    reply.raw.once('close', closed);
    await start({
      write: (chunk) => reply.raw.write(chunk),
      onClose: (listener) =>
        reply.raw.on('close', () => {
          openStreams.delete(end);
          listener();
        }),
    });
  };

  keepAnswersPrivate(app);

  // Checked by the routes' header schema (ZCheckoutHeadersSchema): present and well formed.
  const checkoutKey = (request: FastifyRequest) => header(request, IDEMPOTENCY_KEY_HEADER) ?? '';
  const shopperOf = (request: FastifyRequest) => ({
    principal: request.principal,
    cartToken: header(request, CART_TOKEN_HEADER),
    ...placeHeaders(request),
  });
  /** A checkout's answer: 201 with the orders (a replay says so), or 202 with the payment waiting. */
  const answer = (reply: FastifyReply, result: CheckoutOutcome): EndpointOutput<typeof checkoutEndpoint> => {
    if (result.kind === 'pending') {
      reply.code(202);
      return { data: { payment: result.payment } };
    }
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    reply.code(201);
    return { data: result.data };
  };

  /** Runs a checkout and counts how it ended (docs/deploy.md, Metrics): a refusal by its problem. */
  const counted = async (run: () => Promise<CheckoutOutcome>): Promise<CheckoutOutcome> => {
    try {
      const result = await run();
      deps.metrics.checkout(result.kind === 'pending' ? 'payment_pending' : result.replayed ? 'replayed' : 'placed');
      return result;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        deps.metrics.checkout('refused', error.problem?.code ?? error.code.toLowerCase());
      } else {
        deps.metrics.checkout('failed');
      }
      throw error;
    }
  };

  registerEndpoint(app, checkoutAllEndpoint, {
    handler: async (request, reply) =>
      answer(
        reply,
        await counted(() =>
          checkoutAll(deps, principalOf(request), shopperOf(request), checkoutKey(request), request.body),
        ),
      ),
  });
  registerEndpoint(app, checkoutEndpoint, {
    handler: async (request, reply) =>
      answer(
        reply,
        await counted(() =>
          checkout(
            deps,
            principalOf(request),
            shopperOf(request),
            request.params.service,
            checkoutKey(request),
            request.body,
          ),
        ),
      ),
  });
  registerEndpoint(app, listOrdersEndpoint, {
    handler: (request) => listOrders(deps, principalOf(request), request.query),
  });
  registerEndpoint(app, getOrderEndpoint, {
    handler: async (request) => ({ data: await getOrder(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, getOrderInvoiceEndpoint, {
    // A printable page: HTML with inline CSS and nothing else, so its policy allows nothing else.
    content: { 200: [INVOICE_CONTENT_TYPE] },
    handler: async (request, reply) => {
      const page = await getOrderInvoice(
        deps,
        principalOf(request),
        request.params.id,
        firstLanguage(header(request, 'accept-language')),
      );
      reply
        .type(`${INVOICE_CONTENT_TYPE}; charset=utf-8`)
        .header('content-security-policy', INVOICE_POLICY)
        .header('x-content-type-options', 'nosniff');
      return page;
    },
  });

  // Each stream's success is text/event-stream; a refusal before it starts is JSON, as everywhere.
  const eventStream = { 200: ['text/event-stream'] } as const;
  /** Where a stream resumes: after the browser's Last-Event-ID on a reconnect, else `after`. */
  const resumeAfter = (request: FastifyRequest, after: number | undefined) => {
    const resumeFrom = Number.parseInt(header(request, 'last-event-id') ?? '', 10);
    return Number.isSafeInteger(resumeFrom) && resumeFrom >= 0 ? resumeFrom : after;
  };
  registerEndpoint(app, streamOrderEventsEndpoint, {
    content: eventStream,
    handler: async (request, reply) => {
      const after = resumeAfter(request, request.query.after) ?? 0;
      await sendStream(reply, 'order', await streamOrderEvents(deps, principalOf(request), request.params.id, after));
      return undefined;
    },
  });
  registerEndpoint(app, streamShopEventsEndpoint, {
    content: eventStream,
    handler: async (request, reply) => {
      const after = resumeAfter(request, request.query.after);
      await sendStream(reply, 'shop', await streamShopEvents(deps, principalOf(request), request.query.shop, after));
      return undefined;
    },
  });

  registerEndpoint(app, cancelOrderEndpoint, {
    handler: async (request) => ({ data: await cancelOrder(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, rateOrderEndpoint, {
    handler: async (request) => ({
      data: await rateOrder(deps, principalOf(request), request.params.id, request.body),
    }),
  });
  registerEndpoint(app, reorderEndpoint, {
    handler: async (request) => ({
      data: await reorder(
        deps,
        principalOf(request),
        request.params.id,
        firstLanguage(header(request, 'accept-language')),
      ),
    }),
  });

  registerEndpoint(app, listMyShopsEndpoint, {
    handler: async (request) => ({ data: await listMyShops(deps, principalOf(request)) }),
  });
  registerEndpoint(app, listProviderOrdersEndpoint, {
    handler: (request) => listProviderOrders(deps, principalOf(request), request.query),
  });
  registerEndpoint(app, getProviderOrderEndpoint, {
    handler: async (request) => ({ data: await getProviderOrder(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, acceptOrderEndpoint, {
    handler: async (request) => ({
      data: await acceptOrder(deps, principalOf(request), request.params.id, request.body.prepMinutes),
    }),
  });
  registerEndpoint(app, rejectOrderEndpoint, {
    handler: async (request) => ({
      data: await rejectOrder(deps, principalOf(request), request.params.id, request.body.reason),
    }),
  });
  registerEndpoint(app, advanceOrderEndpoint, {
    handler: async (request) => ({
      data: await advanceOrder(deps, principalOf(request), request.params.id, request.body.to),
    }),
  });
};
