import type { FastifyInstance } from 'fastify';
import type { Principal } from './access-control.ts';

/** Finds the live session of an access token; undefined for unknown, expired or revoked ones. */
export type ResolvePrincipal = (accessToken: string) => Promise<Principal | undefined>;

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;

/**
 * Sets `request.principal` from the Bearer token. A missing, malformed, tampered, expired or
 * revoked token leaves it null, so that routes guarded by requireRole answer 401 and public
 * routes serve an anonymous visitor. Runs on every request with an Authorization header only.
 */
export function registerAuthentication(app: FastifyInstance, resolve: ResolvePrincipal): void {
  // A callback hook: a request without a token (most of them) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    if (!token) return done();
    resolve(token).then((principal) => {
      request.principal = principal ?? null;
      done();
    }, done);
  });
}
