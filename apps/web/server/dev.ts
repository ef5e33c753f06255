import { createServer as createHttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createServer } from 'vite';
import { loadWebConfig } from '../app/config.server.ts';
import { serverOptions } from './server-options.ts';

/** Development entry: Vite in middleware mode, reloading the SSR app on every change. */
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const server = express();
const { requestTimeoutMs, uploadTimeoutMs } = loadWebConfig(process.env);
const http = createHttpServer(serverOptions(requestTimeoutMs, uploadTimeoutMs), server);
// Hot reload over the page's own origin: the CSP's connect-src 'self' allows nothing else.
const vite = await createServer({ root: webRoot, server: { middlewareMode: true, hmr: { server: http } } });
const entry = '/server/app.ts';
const { config } = (await vite.ssrLoadModule(entry)) as { config: { host: string; port: number } };

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
