import type { Account, AccountsRepository, PasswordAccount } from './accounts-repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import type { NewIdentity } from './identity-repository.ts';

type OpeningDeps = Pick<AuthDeps, 'accounts' | 'credit' | 'notices' | 'transaction'>;
type NewUser = Parameters<AccountsRepository['createUser']>[0];

/** What every account starts with in other features' tables: zero store credit and a welcome. */
async function welcome(deps: Pick<OpeningDeps, 'credit' | 'notices'>, account: Account): Promise<void> {
  await deps.credit.openCredit(account.user.id, account.user.market);
  await deps.notices.notify(account.user.id, 'welcome');
}

/**
 * Opens an account that signs in with an identifier and a password, in one transaction: the
 * user, the customer role and the credential, the opening (zero) entry of its store credit in
 * its market's main currency and a welcome notification. Undefined when the identifier was
 * taken meanwhile (nothing is kept).
 */
export async function openPasswordAccount(
  deps: OpeningDeps,
  input: Parameters<AccountsRepository['createAccount']>[0],
): Promise<PasswordAccount | undefined> {
  return deps.transaction(async () => {
    const account = await deps.accounts.createAccount(input);
    if (account) await welcome(deps, account);
    return account;
  });
}

/** Undoes an opening whose provider account was connected meanwhile. */
class ConnectedMeanwhile extends Error {}

/**
 * Opens an account that signs in through a provider, in one transaction: like
 * `openPasswordAccount`, with an identity instead of a credential. Undefined when the identity
 * was created meanwhile (a second callback of the same sign-in racing this one).
 */
export async function openSocialAccount(
  deps: OpeningDeps & Pick<AuthDeps, 'identities'>,
  input: { user: NewUser; identity: NewIdentity },
): Promise<Account | undefined> {
  try {
    return await deps.transaction(async () => {
      const userId = await deps.accounts.createUser(input.user);
      if (!(await deps.identities.addIdentity(userId, input.identity))) throw new ConnectedMeanwhile();
      const account = await deps.accounts.accountOf(userId);
      if (!account) throw new Error('the new account is missing');
      await welcome(deps, account);
      return account;
    });
  } catch (error) {
    if (error instanceof ConnectedMeanwhile) return undefined;
    throw error;
  }
}
