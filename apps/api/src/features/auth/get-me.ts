import type { Me } from '@malewa/contracts/auth/get-me';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import { toCredential, toUser } from './session-tokens.ts';

export async function getMe(deps: Pick<AuthDeps, 'accounts'>, principal: Principal): Promise<Me> {
  const account = await deps.accounts.accountOf(principal.userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return { user: toUser(account), credential: toCredential(account) };
}
