import type { ServerOptions } from 'node:http';

/**
 * The listening server's request timeouts: headers and body must arrive within
 * `requestTimeoutMs`, checked often enough that the limit holds to within a second (Node checks
 * every 30 s by default, which let a 30 s limit stretch to a minute). A body trickled one byte
 * at a time is answered 408 and its connection closed.
 */
export function serverOptions(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeoutMs / 4)),
  };
}
