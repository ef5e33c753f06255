import type { Identity } from '@malewa/contracts/auth/identity';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import { toIdentity } from './list-identities.ts';

/**
 * Disconnects a provider from the signed-in account, unless it is the account's only way to
 * sign in (no password and no other provider): that would lock the shopper out.
 */
export async function unlinkIdentity(
  deps: Pick<AuthDeps, 'identities'>,
  principal: Principal,
  provider: string,
): Promise<Identity[]> {
  const result = await deps.identities.unlinkIdentity(principal.userId, provider);
  if (result === 'none') throw new AppError('NOT_FOUND', 'This service is not connected to your account.');
  if (result === 'last') {
    throw new AppError(
      'BUSINESS_RULE',
      'This is the only way you sign in to this account, so it cannot be disconnected. Connect another service first.',
    );
  }
  return (await deps.identities.identitiesOf(principal.userId)).map(toIdentity);
}
