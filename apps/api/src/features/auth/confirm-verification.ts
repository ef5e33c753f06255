import {
  type ConfirmVerificationRequest,
  VERIFICATION_CODE_MAX_ATTEMPTS,
} from '@malewa/contracts/auth/confirm-verification';
import type { Credential, Session } from '@malewa/contracts/auth/user';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { PendingRegistration } from './accounts-repository.ts';
import { type AuthDeps, consumeAll, refundAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { inEqualTime } from './equal-time.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from './identifier.ts';
import { startSession, toCredential } from './session-tokens.ts';
import { codeHash, sameHash, sha256 } from './tokens.ts';
import type { VerificationRow } from './verification-repository.ts';

const WRONG_CODE = 'This code is not right, or it has expired. Check the latest message, or ask for a new code.';
const WRONG_LINK = 'This link has expired or was already used. Ask for a new code.';
const wrongLink = () => new AppError('VALIDATION_FAILED', WRONG_LINK, { fields: { token: [WRONG_LINK] } });

/**
 * Confirms an identifier with the link token alone, or with the 6-digit code and the
 * identifier it was sent to. A code counts only for its identifier; each confirmation takes
 * a few wrong codes, and wrong codes and links also count per identifier and per address.
 */
export async function confirmVerification(
  deps: AuthDeps,
  input: ConfirmVerificationRequest,
  client: ClientInfo,
): Promise<{ credential: Credential }> {
  const now = clock(deps);
  const isCode = /^\d{6}$/.test(input.token);

  if (!isCode) {
    const counted = [[LIMITS.codeEntryPerAddress, client.ip]] as const;
    await consumeAll(deps.limiter, counted);
    const row = await deps.verification.verificationByLink(sha256(input.token), now);
    if (!row) throw new AppError('VALIDATION_FAILED', WRONG_LINK, { fields: { token: [WRONG_LINK] } });
    await refundAll(deps.limiter, counted);
    return apply(deps, row, now, input.signInToken, client);
  }

  if (!input.identifier) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', {
      fields: { identifier: ['Enter the email address or phone number the code was sent to'] },
    });
  }
  const reading = readIdentifier(input.identifier, client.market);
  if (!reading.ok) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', {
      fields: { identifier: [IDENTIFIER_MESSAGES[reading.reason]] },
    });
  }
  const identifier = reading.identifier.value;
  const counted = [
    [LIMITS.codeEntryPerIdentifier, identifier],
    [LIMITS.codeEntryPerAddress, client.ip],
  ] as const;
  await consumeAll(deps.limiter, counted);

  // A wrong code for an identifier with codes and for one without cost different work.
  return inEqualTime(deps, async () => {
    const live = await deps.verification.liveVerifications(identifier, now, VERIFICATION_CODE_MAX_ATTEMPTS);
    const match = live.find((row) => sameHash(row.codeHash, codeHash(row.id, input.token)));
    if (!match) {
      await deps.verification.countWrongCode(live.map((row) => row.id));
      throw new AppError('VALIDATION_FAILED', WRONG_CODE, { fields: { token: [WRONG_CODE] } });
    }
    await refundAll(deps.limiter, counted);
    return apply(deps, match, now, input.signInToken, client);
  });
}

/**
 * Applies a confirmation, in one transaction: spends it, does what it confirms, voids every
 * other open confirmation of the credential and, on its first confirmation, notifies the
 * account. With the sign-in token of the registration it belongs to (only the browser that
 * registered has it), that browser is signed in too: it just proved both the password (at
 * registration) and the identifier (now).
 */
async function apply(
  deps: AuthDeps,
  row: VerificationRow,
  now: Date,
  signInToken: string | undefined,
  client: ClientInfo,
): Promise<{ credential: Credential; session?: Session }> {
  const account = await deps.transaction(async () => {
    if (!(await deps.verification.spendVerification(row.id, now))) throw wrongLink();
    const confirmed = await deps.accounts.confirm(
      {
        credentialId: row.credentialId,
        purpose: row.purpose,
        identifier: row.identifier,
        pending: row.pending as PendingRegistration | null,
      },
      now,
    );
    if (!confirmed) throw wrongLink();
    // Thrown inside: the confirmation stays unspent.
    if (confirmed === 'taken') {
      throw new AppError('CONFLICT', 'Another account already uses this email address or phone number.');
    }
    await deps.verification.spendOpenVerifications(row.credentialId, now);
    if (!confirmed.wasConfirmed) await deps.notices.notify(confirmed.account.user.id, 'account-confirmed');
    return confirmed.account;
  });
  const credential = toCredential(account);
  if (signInToken && row.signInTokenHash && sameHash(row.signInTokenHash, sha256(signInToken))) {
    return { credential, session: await startSession(deps, account, client) };
  }
  return { credential };
}
