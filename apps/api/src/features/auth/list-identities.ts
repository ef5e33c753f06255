import type { Identity } from '@malewa/contracts/auth/identity';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import type { IdentityRow } from './identity-repository.ts';

export function toIdentity(row: IdentityRow): Identity {
  return {
    provider: row.provider as Identity['provider'],
    email: row.email,
    emailVerified: row.emailVerified,
    linkedAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** The provider accounts connected to the signed-in account. */
export async function listIdentities(deps: Pick<AuthDeps, 'identities'>, principal: Principal): Promise<Identity[]> {
  return (await deps.identities.identitiesOf(principal.userId)).map(toIdentity);
}
