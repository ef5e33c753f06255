import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER, requestIdOf } from '@malewa/contracts/request-id';
import { createServerMetrics, type ServerMetrics } from '@malewa/telemetry/server-metrics';
import type { RequestHandler } from 'express';
import { Counter } from 'prom-client';
import { MESSAGE_BUNDLE_PREFIX } from '../app/platform/i18n/message-bundles.server.ts';

/** The storefront's live streams: an order page's, a shop's board's (proxied from the API). */
export type WebStreamKind = 'order' | 'shop';

/**
 * What the storefront records (docs/deploy.md, Metrics): requests under their route (a React
 * Router pattern, or a fixed kind: `asset`, …), its live streams, and its page cache.
 */
export interface WebMetrics extends Pick<ServerMetrics<WebStreamKind>, 'registry' | 'request' | 'streamOpened'> {
  /** A page looked up in the page cache (server/page-cache.ts): served from it, or rendered. */
  pageCache(outcome: 'hit' | 'miss'): void;
}

/**
 * The storefront's Prometheus series, in a registry of their own; Node's own series once per
 * process (`processMetrics`), never per test.
 */
export function createWebMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): WebMetrics {
  const { registry, registers, request, streamOpened } = createServerMetrics<WebStreamKind>({
    processMetrics,
    requests: {
      name: 'malewa_web_request_duration_seconds',
      help: "Time to answer a request, by route (React Router's pattern, or asset, media, messages, other), method and status class; event streams excluded.",
    },
    streams: {
      name: 'malewa_web_sse_connections',
      help: 'Live streams (server-sent events) the storefront passes on from the API now, by stream.',
      kinds: ['order', 'shop'],
    },
  });
  const pageCache = new Counter({
    name: 'malewa_web_page_cache_lookups_total',
    help: 'Pages for shoppers without a session looked up in the page cache: hit (served from it) or miss (rendered).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['hit', 'miss'] as const) pageCache.inc({ outcome }, 0);

  return {
    registry,
    request,
    pageCache(outcome) {
      pageCache.inc({ outcome });
    },
    streamOpened,
  };
}

/** The route of a request no page handled, by what served it: a small fixed set, never the path. */
function routeOfPath(path: string): string {
  if (path.startsWith(MESSAGE_BUNDLE_PREFIX)) return 'messages';
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith('/media/')) return 'media';
  if (path === '/healthz' || path === '/readyz') return path;
  return 'other';
}

/**
 * The first handler of every request (main.ts, dev.ts): its request id, the caller's when
 * sane (a load balancer's) else a new one, said on the answer whatever answers it (assets,
 * errors, 404s) and passed to the API by the API client; and its time, recorded when it is
 * answered under the route the pages matched (`res.locals.route`, set by entry.server.tsx's
 * instrumentation) or what served it.
 */
export function requestEdge(metrics: Pick<WebMetrics, 'request'>): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestIdOf(req.get(REQUEST_ID_HEADER)) ?? randomUUID();
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    res.once('finish', () => {
      // An event stream's time is how long the page watched it, not how long it took.
      if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      const route = typeof res.locals.route === 'string' ? res.locals.route : routeOfPath(req.path);
      metrics.request(route, req.method, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}
