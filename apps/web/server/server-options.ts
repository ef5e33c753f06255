import type { ServerOptions } from 'node:http';

/**
 * The listening server's request timeouts: headers must arrive within `requestTimeoutMs`, a
 * whole request within `uploadTimeoutMs` (the longest an upload may take; `bodyDeadline` holds
 * every other body to `requestTimeoutMs`), checked often enough that the limits hold to within
 * a second (Node checks every 30 s by default, which let a 30 s limit stretch to a minute). A
 * body trickled past its limit is answered 408 and its connection closed.
 */
export function serverOptions(requestTimeoutMs: number, uploadTimeoutMs = requestTimeoutMs): ServerOptions {
  return {
    requestTimeout: Math.max(requestTimeoutMs, uploadTimeoutMs),
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeoutMs / 4)),
  };
}
