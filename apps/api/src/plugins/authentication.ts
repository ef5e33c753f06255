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
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = BEARER.exec(header)?.[1];
    if (!token) return;
    request.principal = (await resolve(token)) ?? null;
  });
}
