import type { ConfirmResetRequest } from '@malewa/contracts/auth/confirm-reset';
import type { Credential } from '@malewa/contracts/auth/user';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import { accountMessage } from './account-messages.ts';
import { hasPassword } from './accounts-repository.ts';
import { type AuthDeps, consumeAll, refundAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { changePassword } from './change-password.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { toCredential } from './session-tokens.ts';
import { sha256 } from './tokens.ts';

const WRONG_LINK = 'This reset link has expired or was already used. Ask for a new one.';

/** Sets a new password with a reset link; every session of the account ends. */
export async function confirmReset(
  deps: AuthDeps,
  input: ConfirmResetRequest,
  client: ClientInfo,
): Promise<{ credential: Credential }> {
  if (input.confirmNewPassword !== input.newPassword) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', {
      fields: { confirmNewPassword: ['The two passwords are not the same'] },
    });
  }
  const counted = [[LIMITS.codeEntryPerAddress, client.ip]] as const;
  await consumeAll(deps.limiter, counted);
  const now = clock(deps);
  const token = await deps.verification.resetTokenByHash(sha256(input.token), now);
  if (!token) throw new AppError('VALIDATION_FAILED', WRONG_LINK, { fields: { token: [WRONG_LINK] } });
  await refundAll(deps.limiter, counted);

  const account = await deps.accounts.accountOf(token.userId);
  if (!account || !hasPassword(account))
    throw new AppError('VALIDATION_FAILED', WRONG_LINK, { fields: { token: [WRONG_LINK] } });
  const weak = passwordProblem(input.newPassword, account.credential.identifier);
  if (weak) throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { fields: { newPassword: [weak] } });

  const updated = await changePassword(deps, {
    userId: token.userId,
    credentialId: token.credentialId,
    passwordHash: await hashPassword(input.newPassword),
    now,
    resetTokenId: token.id,
    message: accountMessage(deps.publicOrigin, {
      template: 'password-changed',
      identifier: account.credential.identifier,
      locale: account.user.locale,
    }),
  });
  if (!updated) throw new AppError('VALIDATION_FAILED', WRONG_LINK, { fields: { token: [WRONG_LINK] } });
  return { credential: toCredential(updated) };
}
