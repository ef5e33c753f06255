import type {
  UpdateAccountProblem,
  UpdateAccountRequest,
  UpdateAccountResponse,
} from '@malewa/contracts/auth/update-account';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { accountMessage, socialOwnerMessage } from './account-messages.ts';
import { hasPassword } from './accounts-repository.ts';
import { type AuthDeps, consumeAll, refundAll } from './auth-deps.ts';
import { LIMITS, passwordCheckLimits } from './auth-limits.ts';
import { changePassword } from './change-password.ts';
import { newConfirmation, sendConfirmation } from './confirmation.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from './identifier.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { toCredential } from './session-tokens.ts';

const invalid = (fields: Record<string, string[]>, problem?: UpdateAccountProblem) =>
  new AppError('VALIDATION_FAILED', 'The request is not valid.', { fields, ...(problem ? { problem } : {}) });

/**
 * Changes the password and/or the identifier of the signed-in account; both need the current
 * password (a wrong one is a 400 on `currentPassword`, never a 401, which would sign the
 * shopper out). A new password ends every other session at once. A new identifier is only
 * taken once confirmed with the code sent to it; if another account has it, its owner is
 * told instead, and the answer is the same. An account that signs in only through a social
 * provider has neither (a 422).
 */
export async function updateAccount(
  deps: AuthDeps,
  principal: Principal,
  input: UpdateAccountRequest,
  client: ClientInfo,
): Promise<UpdateAccountResponse['data']> {
  if (input.newPassword === undefined && input.newIdentifier === undefined) {
    throw invalid({ newPassword: ['Enter a new password or a new email address or phone number'] });
  }
  if (input.newPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
    throw invalid({ confirmNewPassword: ['The two passwords are not the same'] });
  }
  const account = await deps.accounts.accountOf(principal.userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!hasPassword(account)) {
    throw new AppError(
      'BUSINESS_RULE',
      'This account signs in with Google or Facebook and has no password or sign-in identifier to change.',
    );
  }

  const reading = input.newIdentifier !== undefined ? readIdentifier(input.newIdentifier, client.market) : undefined;
  if (reading && !reading.ok) throw invalid({ newIdentifier: [IDENTIFIER_MESSAGES[reading.reason]] });
  const newIdentifier = reading?.ok ? reading.identifier.value : undefined;
  if (newIdentifier === account.credential.identifier) {
    throw invalid(
      { newIdentifier: ['This is already your email address or phone number'] },
      { code: 'same_identifier' },
    );
  }
  if (input.newPassword !== undefined) {
    const weak = passwordProblem(input.newPassword, newIdentifier ?? account.credential.identifier);
    if (weak) throw invalid({ newPassword: [weak] });
  }

  // Wrong current passwords count with wrong sign-in passwords of the same identifier.
  const counted = passwordCheckLimits(account.credential.identifier, client.ip);
  await consumeAll(deps.limiter, counted);
  if (!(await verifyPassword(account.credential.passwordHash, input.currentPassword))) {
    throw invalid({ currentPassword: ['This is not your current password'] });
  }
  await refundAll(deps.limiter, counted);

  let current = account;
  if (input.newPassword !== undefined) {
    const updated = await changePassword(deps, {
      userId: account.user.id,
      credentialId: account.credential.id,
      passwordHash: await hashPassword(input.newPassword),
      now: clock(deps),
      keepSessionId: principal.sessionId,
      message: accountMessage(deps.publicOrigin, {
        template: 'password-changed',
        identifier: account.credential.identifier,
        locale: account.user.locale,
      }),
    });
    if (updated) current = updated;
  }

  if (newIdentifier !== undefined) {
    await consumeAll(deps.limiter, [
      [LIMITS.messagesPerIdentifier, newIdentifier],
      [LIMITS.messagesPerAddress, client.ip],
    ]);
    // An address a provider verified for another account: its owner is told (decision 11).
    const socialOwner =
      reading?.ok && reading.identifier.kind === 'email'
        ? await deps.identities.socialOwnerOf(newIdentifier)
        : undefined;
    if (socialOwner && socialOwner.userId !== account.user.id) {
      await deps.outbox.enqueue(
        socialOwnerMessage(deps.publicOrigin, { identifier: newIdentifier, owner: socialOwner }),
      );
    } else if (await deps.accounts.identifierTaken(newIdentifier)) {
      const [owner] = await deps.accounts.findByIdentifiers([newIdentifier]);
      await deps.outbox.enqueue(
        accountMessage(deps.publicOrigin, {
          template: 'already-registered',
          identifier: newIdentifier,
          locale: owner?.user.locale ?? account.user.locale,
        }),
      );
    } else {
      await sendConfirmation(
        deps,
        newConfirmation(deps, {
          credentialId: account.credential.id,
          purpose: 'change-identifier',
          identifier: newIdentifier,
          locale: account.user.locale,
        }),
      );
    }
  }

  return {
    credential: toCredential(current),
    passwordChanged: input.newPassword !== undefined,
    pendingIdentifier: newIdentifier ?? null,
  };
}
