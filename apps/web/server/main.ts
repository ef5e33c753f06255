import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';

/** Production entry: serves the built client files and the SSR app, and stops gracefully. */
const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
const { app: ssrApp, config } = (await import(new URL('server/index.js', `file://${buildDir}`).href)) as {
  app: express.Express;
  config: { host: string; port: number };
};

const server = express();
server.disable('x-powered-by');
// Brotli where the browser accepts it: every byte counts on 2G.
server.use(compression({ brotli: { params: {} } }));
// Fingerprinted assets never change: cache them for a year.
server.use('/assets', express.static(`${buildDir}client/assets`, { immutable: true, maxAge: '1y' }));
server.use(
  express.static(`${buildDir}client`, {
    maxAge: '1h',
    index: false,
    setHeaders(res, path) {
      // The offline worker is checked on every visit, so a release reaches shoppers at once.
      if (basename(path) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
    },
  }),
);
server.use(ssrApp);

const listener = server.listen(config.port, config.host, () => {
  console.log(`Malewa web listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
});

function stop(): void {
  listener.close(() => process.exit(0));
  listener.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
