import { createContext, type MiddlewareFunction } from 'react-router';

/** Whether a call of this request found the API unable to serve, and when to try again. */
export interface ApiUnavailability {
  note(retryAfterSeconds: number | undefined): void;
}

/** Set by `apiUnavailableMiddleware` for each request; the API client notes into it. */
export const apiUnavailableContext = createContext<ApiUnavailability | null>(null);

/** Retry-After when the API named none: its own is 2 s (plugins/error-handler.ts). */
const DEFAULT_RETRY_AFTER_SECONDS = 2;

/**
 * A page that failed because the API could not serve it (a process gone, the database
 * restarting or too busy) is a 503 with Retry-After, as the API's answer was: the shopper's
 * browser and any crawler learn that it is passing, not a fault of the page (a 500). Pages
 * that coped with the outage (a header without its cart count) keep their own status.
 */
export const apiUnavailableMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  let noted = false;
  let retryAfter: number | undefined;
  context.set(apiUnavailableContext, {
    note(seconds) {
      noted = true;
      if (seconds !== undefined) retryAfter = Math.max(retryAfter ?? 0, seconds);
    },
  });
  const response = await next();
  if (!noted || response.status !== 500) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers });
};
