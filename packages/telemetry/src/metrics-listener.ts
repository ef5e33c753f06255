import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** Where Prometheus scrapes: `http://host:port/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` in Prometheus's text format on a listener of its own (the API's METRICS_PORT, the
 * storefront's WEB_METRICS_PORT; loopback by default), never on the public port: the series
 * tell a stranger how busy and how broken we are. Port 0 takes a free port (tests read `url`).
 * The storefront's dev server passes a registry that reads the reloaded module's.
 */
export async function startMetricsListener(
  registry: Pick<Registry, 'metrics' | 'contentType'>,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`${error instanceof Error ? error.message : 'metrics failed'}\n`),
    );
  });
  // A scraper keeps its connection open between scrapes: it must not hold the process at exit.
  server.keepAliveTimeout = 5_000;
  // A port in use fails the start: two processes on one machine need a port each (or `off`).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
