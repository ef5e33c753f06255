import express from 'express';
import { createServer } from 'vite';

/** Development entry: Vite in middleware mode, reloading the SSR app on every change. */
const vite = await createServer({ server: { middlewareMode: true } });
const { config } = (await vite.ssrLoadModule('./server/app.ts')) as { config: { host: string; port: number } };

const server = express();
server.use(vite.middlewares);
server.use(async (req, res, next) => {
  try {
    const { app } = (await vite.ssrLoadModule('./server/app.ts')) as { app: express.Express };
    app(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});

server.listen(config.port, config.host, () => {
  console.log(`Malewa web (dev) on http://localhost:${config.port}`);
});
