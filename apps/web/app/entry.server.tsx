import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  type ServerInstrumentation,
  ServerRouter,
} from 'react-router';
import { nonceContext, requestIdContext, routeRecordContext } from './context.ts';
import { loadNotFoundDrawing } from './platform/feedback/not-found-drawing.ts';
import { pagesChoiceOf } from './platform/http/light-pages.server.ts';
import { NonceProvider } from './platform/http/nonce.tsx';
import { sendsScripts } from './platform/http/page-scripts.ts';
import { scriptsAfterLoad } from './platform/http/scripts-after-load.server.ts';
import { MessageBundleSource } from './platform/i18n/message-bundle.tsx';
import { messagesOfBundle } from './platform/i18n/message-bundles.server.ts';
import { keepingMatches } from './platform/navigation/kept-route-matches.server.ts';

export const streamTimeout = 5_000;

/**
 * The route pattern React Router matched (`/:lang?/food/meals/:slug`), handed to the server's
 * metrics (server/web-metrics.ts) once the request is answered: a request's time goes under its
 * route, never its path. React Router matches anyway; this only reads its answer.
 */
export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      handler.instrument({
        async request(handle, { context }) {
          const result = await handle();
          context?.get(routeRecordContext)?.(result.meta?.pattern ?? '');
        },
      });
    },
  },
];

/** React Router's own report of a failed loader, action or render, with the request's id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  console.error(
    `web: ${request.method} ${pathname} failed (request ${context.get(requestIdContext)}):`,
    // As React Router's own report: a refusal's underlying error (a 404's "no route matches").
    isRouteErrorResponse(error) && 'error' in error && error.error ? error.error : error,
  );
};

/**
 * React Router's default Node entry, plus the CSP nonce: the server's security headers allow
 * only scripts that carry this response's nonce (http/security-headers.server.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The 404 drawing's chunk, once per process: rendered in place, not streamed after the page.
  await loadNotFoundDrawing();
  const nonce = loadContext.get(nonceContext);
  const handled = routerContext.staticHandlerContext;
  // Scripts that start on a slow link too: the shopper asked for them, or the page needs them.
  const handles = handled.matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
  const startOnSlowLink = pagesChoiceOf(request.headers.get('cookie')) === 'full' || sendsScripts(handles, true, false);
  // React Router's own (private) matcher: where a release renames it, pages match as before.
  if (typeof handled._match === 'function') handled._match = keepingMatches(handled._match);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MessageBundleSource value={messagesOfBundle}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MessageBundleSource>
      </NonceProvider>,
      {
        nonce,
        // Every page is sent whole, browsers' as crawlers': no loader of ours defers data, so
        // sending the shell first gained nothing and cost React's streaming runtime and a brotli
        // flush more, about 0.5 KB of a list page's 14 KB first round trip (decision 28).
        onAllReady() {
          shellRendered = true;
          // Whole, so that its scripts can be held until the page has loaded (decision 40).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html');
              const parts = scriptsAfterLoad(Buffer.concat(chunks), { startOnSlowLink });
              // As a stream of its parts: a Response copies a byte body, and encodes a string.
              const stream = new ReadableStream<Uint8Array>({
                start(controller) {
                  for (const part of parts) controller.enqueue(part);
                  controller.close();
                },
              });
              resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
