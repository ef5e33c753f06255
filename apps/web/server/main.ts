// Before anything it traces (tracing.ts); with OTEL_EXPORTER_OTLP_ENDPOINT unset it loads nothing.
import './tracing.ts';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { startMetricsListener } from '@malewa/telemetry/metrics-listener';
import compression from 'compression';
import express from 'express';
import { coalescedFlush } from './coalesced-flush.ts';
import { precompressedAssets } from './precompressed.ts';
import { readiness } from './readiness.ts';
import { serverOptions } from './server-options.ts';
import type { WebMetrics } from './web-metrics.ts';

/** Production entry: serves the built client files and the SSR app, and stops gracefully. */

// React, React DOM and React Router choose their production or development build from NODE_ENV
// when first loaded (below, with the server build). The development build checks every element
// and prop: a catalog page cost about five times the CPU under it. This entry is production by
// definition, so it says so; nothing of ours reads NODE_ENV.
process.env.NODE_ENV = 'production';

const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
const {
  app: ssrApp,
  config,
  edge,
  metrics,
} = (await import(new URL('server/index.js', `file://${buildDir}`).href)) as {
  app: express.Express;
  config: {
    host: string;
    port: number;
    requestTimeoutMs: number;
    uploadTimeoutMs: number;
    metrics: { host: string; port: number } | undefined;
  };
  edge: express.RequestHandler;
  metrics: WebMetrics;
};

const server = express();
server.disable('x-powered-by');
// Every request's id and time first, whatever answers it: probes, assets, pages (web-metrics.ts).
server.use(edge);
// 503 from SIGTERM on, so a balancer drains this process (readiness.ts).
const ready = readiness();
server.get('/readyz', ready.handler);
// Brotli where the browser accepts it: every byte counts on 2G. Quality 5, not the module's
// 4: about 0.5 KB less on a 45 KB page for some 0.2 ms more CPU; 11 would save 1 KB
// more but cost about 50 ms of CPU per page (docs/performance.md). Assets are compressed at
// their best once, by the build (precompressed.ts).
server.use(compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }));
server.use(coalescedFlush());
// Fingerprinted assets never change: cache them for a year, sent compressed at build time
// where the browser takes brotli.
server.use('/assets', precompressedAssets(`${buildDir}client/assets`));
server.use('/assets', express.static(`${buildDir}client/assets`, { immutable: true, maxAge: '1y' }));
const publicFiles = express.static(`${buildDir}client`, {
  maxAge: '1h',
  index: false,
  setHeaders(res, path) {
    // The offline worker is checked on every visit, so a release reaches shoppers at once.
    if (basename(path) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
  },
});
// Only a path under one of the build's own top-level names can be a file: a page's address goes
// straight to the pages instead of a look on the disk first.
const topLevelNames = new Set(readdirSync(`${buildDir}client`));
server.use((req, res, next) => {
  const first = req.path.split('/', 2)[1] ?? '';
  if (topLevelNames.has(first)) publicFiles(req, res, next);
  else next();
});
server.use(ssrApp);

// /metrics on a listener of its own, never the public port (WEB_METRICS_PORT).
const metricsAt = config.metrics;
const metricsListener = metricsAt
  ? await startMetricsListener(metrics.registry, metricsAt.host, metricsAt.port).catch((error: unknown) => {
      // Two processes on one machine each need a port of their own (or none).
      console.error(
        `WEB_METRICS_PORT: cannot listen on ${metricsAt.host}:${metricsAt.port} (${(error as NodeJS.ErrnoException).code}): choose another port, 0 for any free one, or off`,
      );
      process.exit(1);
    })
  : undefined;
console.log(metricsListener ? `Malewa web metrics on ${metricsListener.url}` : 'Malewa web metrics off');

const listener = createServer(serverOptions(config.requestTimeoutMs, config.uploadTimeoutMs), server);
listener.listen(config.port, config.host, () => {
  console.log(`Malewa web listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
});

function stop(): void {
  ready.stop();
  listener.close(() => process.exit(0));
  listener.closeIdleConnections();
  void metricsListener?.close();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
