import type { OutboxMessage } from '#api/messages/outbox-repository.ts';
import { hasPassword, type PasswordAccount } from './accounts-repository.ts';
import type { AuthDeps } from './auth-deps.ts';

/**
 * Sets a new password, in one transaction: ends every session of the user except
 * `keepSessionId`, voids open reset links (and, for a reset, spends `resetTokenId` first:
 * undefined when it was spent meanwhile), notifies the account and sends `message`. A reset
 * also confirms the identifier: the link reached its owner.
 */
export async function changePassword(
  deps: Pick<AuthDeps, 'accounts' | 'verification' | 'sessions' | 'notices' | 'outbox' | 'transaction'>,
  input: {
    userId: string;
    credentialId: string;
    passwordHash: string;
    now: Date;
    resetTokenId?: string;
    keepSessionId?: string;
    message: OutboxMessage;
  },
): Promise<PasswordAccount | undefined> {
  return deps.transaction(async () => {
    if (input.resetTokenId && !(await deps.verification.spendResetToken(input.resetTokenId, input.now))) {
      return undefined;
    }
    await deps.accounts.setPassword(
      input.credentialId,
      input.passwordHash,
      input.now,
      input.resetTokenId !== undefined,
    );
    await deps.verification.voidResetTokens(input.credentialId, input.now);
    await deps.sessions.revokeUserSessions(input.userId, 'password-changed', input.now, input.keepSessionId);
    await deps.notices.notify(input.userId, 'password-changed');
    await deps.outbox.enqueue(input.message);
    const account = await deps.accounts.accountOf(input.userId);
    if (!account || !hasPassword(account)) throw new Error('the account is missing');
    return account;
  });
}
