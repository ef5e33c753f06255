import type { Role } from '@malewa/contracts/auth/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

export type { Role };

export interface Principal {
  userId: string;
  /** The session the access token belongs to: logout ends it, a password change keeps it. */
  sessionId: string;
  roles: readonly Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by authentication (plugins/authentication.ts). */
    principal: Principal | null;
  }
}

/**
 * A hook that admits only a signed-in principal holding at least one of `roles`.
 * Deny by default: no principal is a 401, a principal without the role a 403.
 */
export function requireRole(...roles: [Role, ...Role[]]) {
  return async function checkRole(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const principal = request.principal;
    if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (!roles.some((role) => principal.roles.includes(role))) {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
    }
  };
}

/** Every signed-in user is a customer (everyone's role), so this admits any signed-in user. */
export const requireSignedIn = requireRole('customer', 'provider', 'operator');

/** The principal of a route guarded by requireRole; a route without the guard is a bug. */
export function principalOf(request: Pick<FastifyRequest, 'principal'>): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.principal;
}
