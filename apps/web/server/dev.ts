import { createServer as createHttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startMetricsListener } from '@malewa/telemetry/metrics-listener';
import express from 'express';
import { createServer } from 'vite';
import { loadWebConfig } from '../app/config.server.ts';
import { serverOptions } from './server-options.ts';
import type { WebMetrics } from './web-metrics.ts';

/** Development entry: Vite in middleware mode, reloading the SSR app on every change. */
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const server = express();
const { requestTimeoutMs, uploadTimeoutMs } = loadWebConfig(process.env);
const http = createHttpServer(serverOptions(requestTimeoutMs, uploadTimeoutMs), server);
// Hot reload over the page's own origin: the CSP's connect-src 'self' allows nothing else.
const vite = await createServer({ root: webRoot, server: { middlewareMode: true, hmr: { server: http } } });
const entry = '/server/app.ts';
const { config } = (await vite.ssrLoadModule(entry)) as { config: ReturnType<typeof loadWebConfig> };
/** The app module as it is now: Vite loads it again when it changes. */
const current = async () => (await vite.ssrLoadModule(entry)) as { edge: express.RequestHandler; metrics: WebMetrics };

// Request ids and times, as in production (main.ts).
server.use(async (req, res, next) => {
  try {
    (await current()).edge(req, res, next);
  } catch (error) {
    next(error);
  }
});
server.use(vite.middlewares);
server.use(async (req, res, next) => {
  try {
    const { app } = (await vite.ssrLoadModule(entry)) as { app: express.Express };
    app(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});

http.listen(config.port, config.host, () => {
  console.log(`Malewa web (dev) on http://localhost:${config.port}`);
});
if (config.metrics) {
  // The series of the app module as it is now: a reloaded module counts afresh.
  const { contentType } = (await current()).metrics.registry;
  const registry = { contentType, metrics: async () => (await current()).metrics.registry.metrics() };
  const listener = await startMetricsListener(registry, config.metrics.host, config.metrics.port);
  console.log(`Malewa web (dev) metrics on ${listener.url}`);
}
