import type { RequestHandler } from 'express';

/**
 * The storefront's readiness probe (`/readyz`, for Kubernetes and load balancers): 200 while
 * it takes requests, 503 from the moment it begins to shut down, so the balancer sends new
 * shoppers elsewhere while the requests in flight finish. It asks nothing of the API: a
 * storefront that went unready with the API would take every storefront out with it, and
 * its pages already say when the API cannot answer.
 *
 * Served by `main.ts`, which owns the shutdown, not by `app.ts`: that one is built into the
 * server bundle, where this module would be a second copy with a state of its own.
 */
export interface Readiness {
  handler: RequestHandler;
  /** Not ready from now on (SIGTERM). */
  stop(): void;
}

export function readiness(): Readiness {
  let accepting = true;
  return {
    handler(_req, res) {
      res
        .status(accepting ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json({ status: accepting ? 'ready' : 'unavailable', checks: { accepting } });
    },
    stop() {
      accepting = false;
    },
  };
}
