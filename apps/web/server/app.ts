import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { RouterContextProvider } from 'react-router';
import { loadWebConfig } from '../app/config.server.ts';
import { clientAddressContext, configContext, nonceContext } from '../app/context.ts';
import { newNonce, securityHeaders } from '../app/http/security-headers.server.ts';

/**
 * The storefront's request handling, built into the server bundle so the router context is one
 * instance. `main.ts` (production) and `dev.ts` (development) put it behind static files and
 * listen.
 */
export const config = loadWebConfig(process.env);

export const app = express();
app.disable('x-powered-by');
// req.ip is the shopper's address: X-Forwarded-For counts only when it comes from these proxies.
app.set('trust proxy', config.trustProxy);

app.use((_req, res, next) => {
  res.locals.nonce = newNonce();
  for (const [name, value] of Object.entries(securityHeaders(res.locals.nonce, config.publicOrigin))) {
    res.setHeader(name, value);
  }
  next();
});

app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(nonceContext, res.locals.nonce);
      context.set(configContext, config);
      context.set(clientAddressContext, req.ip ?? '');
      return context;
    },
  }),
);
