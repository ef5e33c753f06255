import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { Principal } from '../plugins/access-control.ts';

/** Who the operator is in the log: the identifier they sign in with, kept beside their id. */
export async function actorOf(deps: { accounts: Pick<AccountsRepository, 'contactOf'> }, principal: Principal) {
  const contact = await deps.accounts.contactOf(principal.userId);
  return { actorId: principal.userId, actorLabel: contact?.identifier ?? principal.userId };
}
