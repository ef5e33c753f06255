import { createContext } from 'react-router';
import type { WebConfig } from './config.server.ts';
import type { Place } from './platform/places/place.ts';

/** The server's configuration, handed to loaders and actions through the router context. */
export const configContext = createContext<WebConfig>();

/**
 * The shopper's network address as the web server sees it (through its trusted proxies), so
 * that calls made on their behalf can name them in X-Forwarded-For.
 */
export const clientAddressContext = createContext<string>('');

/** This response's CSP nonce: only scripts carrying it run (http/security-headers.server.ts). */
export const nonceContext = createContext<string>('');

/**
 * Set only on the server's own rendering of a refused request (server/request-gate.ts, and a
 * post the CSRF check refused): the status whose error page `/errors/:status` shows.
 */
export const refusalContext = createContext<number | null>(null);

/**
 * Renders the storefront's error page for `status` in place of the refused `request` (its
 * language, theme and session kept): a refusal raised before the root loader ran would
 * otherwise have no page data to show the error page with.
 */
export const renderRefusalContext = createContext<((request: Request, status: number) => Promise<Response>) | null>(
  null,
);

/**
 * Where the shopper is (platform/places): the chosen city, else the market's main one, and the
 * cities they can choose from. Set by the root's place middleware; the API client sends the
 * place as X-STORE-LOCATION.
 */
export const placeContext = createContext<{ place: Place | undefined; places: readonly Place[] }>({
  place: undefined,
  places: [],
});

/**
 * This request's id (X-Request-Id: the caller's, else made at the edge, server/web-metrics.ts):
 * sent to the API with every call made for it, and in the storefront's log lines about it.
 */
export const requestIdContext = createContext<string>('');

/**
 * Where React Router says which route pattern it matched (entry.server.tsx's instrumentation),
 * for the request's time in the metrics; null where nobody records it (a refusal's own render).
 */
export const routeRecordContext = createContext<((pattern: string) => void) | null>(null);

/**
 * The storefront's metrics (server/web-metrics.ts), for what routes record themselves: the live
 * streams they pass on from the API, each open until the function returned is called.
 */
export const metricsContext = createContext<{ streamOpened(stream: 'order' | 'shop'): () => void }>();
