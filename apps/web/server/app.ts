import { getMediaFile } from '@malewa/media/media-file';
import { localMediaStore } from '@malewa/media/media-store';
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { createRequestHandler as createFetchHandler, RouterContextProvider } from 'react-router';
import { loadWebConfig } from '../app/config.server.ts';
import {
  clientAddressContext,
  configContext,
  metricsContext,
  nonceContext,
  refusalContext,
  renderRefusalContext,
  requestIdContext,
  routeRecordContext,
} from '../app/context.ts';
import { isJoinPath, JOIN_UPLOAD_LIMIT_BYTES } from '../app/features/join/join-paths.ts';
import { isProblemFormPath } from '../app/features/problems/problem-paths.ts';
import { isListingFormPath } from '../app/features/provider/provider-paths.ts';
import { cookieValue } from '../app/platform/http/cookies.server.ts';
import { pageCacheKey } from '../app/platform/http/page-cache-key.server.ts';
import { newNonce, securityHeaders } from '../app/platform/http/security-headers.server.ts';
import { localeOfPath, localizePath } from '../app/platform/i18n/locales.ts';
import { MESSAGE_BUNDLE_PREFIX, messageBundleJson } from '../app/platform/i18n/message-bundles.server.ts';
import { CSRF_COOKIE, csrfTokenFor, csrfTokenOf } from '../app/platform/session/csrf.server.ts';
import { bodyDeadline } from './body-deadline.ts';
import { drawingQueue, mediaHandler } from './media.ts';
import { pageCache } from './page-cache.ts';
import { requestGate } from './request-gate.ts';
import { createWebMetrics, requestEdge } from './web-metrics.ts';

/**
 * The storefront's request handling, built into the server bundle so the router context is one
 * instance. `main.ts` (production) and `dev.ts` (development) put it behind static files and
 * listen.
 */
export const config = loadWebConfig(process.env);

/**
 * The process's series (served by main.ts on WEB_METRICS_PORT), and the edge handler that main.ts
 * and dev.ts put before everything, assets included: request id and time of every request.
 */
export const metrics = createWebMetrics({ processMetrics: true });
export const edge = requestEdge(metrics);

// The build itself, not a function returning it: React Router re-derives its whole route table
// (25 languages' routes flattened and ranked) on every request it is handed a function, some
// 10% of a catalog page's CPU. In development, Vite reloads this module when a route changes.
const build = await import('virtual:react-router/server-build');
const handleFetch = createFetchHandler(build);

/** Where the error page of a refused request to `pathname` is rendered: in its language. */
function refusalPath(pathname: string, status: number): string {
  return localizePath(`/errors/${status}`, localeOfPath(pathname).code);
}

function loadContext(
  nonce: string,
  clientAddress: string,
  refusal: number | null,
  requestId: string,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(requestIdContext, requestId);
  context.set(metricsContext, metrics);
  context.set(configContext, config);
  context.set(clientAddressContext, clientAddress);
  context.set(refusalContext, refusal);
  // A refusal inside the router (the CSRF check) renders its page as a GET of its own, with
  // the shopper's cookies, so that the page has its language, theme and header.
  context.set(renderRefusalContext, async (request, status) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    for (const name of ['content-type', 'content-length', 'origin', 'sec-fetch-site']) headers.delete(name);
    const page = new Request(new URL(refusalPath(url.pathname, status), url), { headers });
    return handleFetch(page, loadContext(nonce, clientAddress, status, requestId));
  });
  return context;
}

export const app = express();
app.disable('x-powered-by');
// req.ip is the shopper's address: X-Forwarded-For counts only when it comes from these proxies.
app.set('trust proxy', config.trustProxy);

app.use((_req, res, next) => {
  res.locals.nonce = newNonce();
  for (const [name, value] of Object.entries(securityHeaders(res.locals.nonce, config.publicOrigin))) {
    res.setHeader(name, value);
  }
  // Asks Chromium for the connection's effective type and downlink on later requests: pages
  // are then light on a slow connection (app/platform/http/light-pages.server.ts). Not
  // `Critical-CH`, which would ask every first visit's page twice: on a slow link that page's
  // scripts do not start (platform/http/scripts-after-load.js, decision 40).
  res.setHeader('Accept-CH', 'ECT, Downlink');
  next();
});

// The pages' texts as files (app/platform/i18n/message-bundle.tsx): content-addressed, so
// kept for good. An address that is not this release's is a plain 404, like a missing asset.
app.get(`${MESSAGE_BUNDLE_PREFIX}:locale/:file`, (req, res) => {
  const json = messageBundleJson(req.path);
  if (json === null) {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  res.type('application/json').set('Cache-Control', 'public, max-age=31536000, immutable').send(json);
});

app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});

// Browsers ask for /favicon.ico wherever a document names no icon (the sitemap, robots.txt
// opened in a tab): the logo is an SVG, which they draw at any size.
app.get('/favicon.ico', (_req, res) => {
  res.redirect(301, '/favicon.svg');
});

// A picture is drawn once per store, on its first request: a page of never-seen cards queues
// some 24 drawings of 15–35 ms each. Past this many waiting (some 10–20 seconds of drawing) the
// server is being flooded with addresses, not browsed, and says 503.
const MAX_WAITING_DRAWINGS = 512;
const mediaStore = localMediaStore(config.mediaDir);
app.use(
  '/media',
  mediaHandler((path, schedule) => getMediaFile(mediaStore, path, schedule), drawingQueue(MAX_WAITING_DRAWINGS)),
);

const handlePages = createRequestHandler({
  build,
  getLoadContext(req, res) {
    res.locals.context = loadContext(res.locals.nonce, req.ip ?? '', res.locals.refusal ?? null, res.locals.requestId);
    // The pattern React Router matched names the request in the metrics (none matched: unmatched).
    res.locals.context.set(routeRecordContext, (pattern: string) => {
      res.locals.route = pattern ? `/${pattern.replace(/^\//, '')}` : 'unmatched';
    });
    return res.locals.context;
  },
});

/** The forms that carry files: an application's documents, a listing's photo, a problem report's photo. */
const takesUploads = (path: string) => isJoinPath(path) || isListingFormPath(path) || isProblemFormPath(path);

app.use(bodyDeadline(config.requestTimeoutMs, takesUploads));

// Refused before anything reads the request: rendered as a GET of its error page instead. Only
// the join pages, a listing's form and a problem report take files (documents, photos).
app.use(
  requestGate(
    { formBytes: config.bodyLimitBytes, uploadBytes: JOIN_UPLOAD_LIMIT_BYTES, takesUploads },
    async (req, res, status) => {
      res.locals.refusal = status;
      req.method = 'GET';
      req.url = refusalPath(req.path, status);
      req.originalUrl = req.url;
      await handlePages(req, res, (error?: unknown) => {
        if (error) throw error;
      });
    },
  ),
);

// Pages for shoppers without a session, kept a few seconds (decision 26): each answer from the
// cache carries its own nonce and the shopper's own CSRF token.
app.use(
  pageCache({
    ...config.pageCache,
    keyOf: (req) => pageCacheKey(req.originalUrl, (name) => req.get(name)),
    secretsOf: (_req, res) => [res.locals.nonce, res.locals.context ? csrfTokenOf(res.locals.context) : ''],
    freshSecrets: (req, res) => [res.locals.nonce, csrfTokenFor(cookieValue(req.get('cookie'), CSRF_COOKIE))],
    count: (outcome) => metrics.pageCache(outcome),
  }),
);

app.use(handlePages);

// The last word on anything that failed outside the pages' own error boundaries (a failure in
// React Router itself): logged here, and never a stack trace or a path to the client.
app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
  console.error(`web: ${req.method} ${req.path} failed (request ${res.locals.requestId}):`, error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).type('text/plain; charset=utf-8').send('An error occurred. Please try again.\n');
});
