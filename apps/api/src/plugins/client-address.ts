import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whom the request is on behalf of, for rate limits and sign-in notices: the shopper's
     * address when the storefront's server vouches for it with the shared secret, else the
     * address the connection came from (through the proxies of TRUST_PROXY).
     */
    clientAddress: string;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The shopper's address the storefront names, when the request proves it is the storefront. */
export function vouchedAddress(request: Pick<FastifyRequest, 'headers'>, secret: string | undefined): string | null {
  const sent = request.headers[STOREFRONT_SECRET_HEADER];
  if (!secret || typeof sent !== 'string') return null;
  // Equal-length digests: the comparison takes the same time whatever was sent.
  if (!timingSafeEqual(digest(sent), digest(secret))) return null;
  const named = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')[0]
    ?.trim();
  return named && isIP(named) ? named : null;
}

export function registerClientAddress(app: FastifyInstance, secret: string | undefined): void {
  app.decorateRequest('clientAddress', '');
  // A callback hook: an async one costs every request a promise and a turn of the queue.
  app.addHook('onRequest', (request, _reply, done) => {
    request.clientAddress = vouchedAddress(request, secret) ?? request.ip;
    done();
  });
}
