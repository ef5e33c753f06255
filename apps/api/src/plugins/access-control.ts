import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

export const ROLES = ['customer', 'provider', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  userId: string;
  roles: readonly Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by authentication; null until it has run. */
    principal: Principal | null;
  }
}

/**
 * A preHandler that admits only a signed-in principal holding at least one of `roles`.
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
