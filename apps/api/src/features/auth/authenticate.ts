import type { AuthenticateProblem, AuthenticateRequest } from '@malewa/contracts/auth/authenticate';
import type { Session } from '@malewa/contracts/auth/user';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { type AuthDeps, consumeAll, refundAll } from './auth-deps.ts';
import { passwordCheckLimits } from './auth-limits.ts';
import { readIdentifier } from './identifier.ts';
import { verifyDummyPassword, verifyPassword } from './passwords.ts';
import { startSession } from './session-tokens.ts';

export const WRONG_CREDENTIALS = 'The email address, phone number or password is not correct.';

const WRONG: AuthenticateProblem = { code: 'wrong_credentials' };
const UNCONFIRMED: AuthenticateProblem = { code: 'unconfirmed' };

/**
 * Signs in with an identifier and a password. Unknown identifiers, malformed ones and wrong
 * passwords get the same 401 after the same work (a password hash is verified in every
 * case). Wrong attempts count per identifier and address, per identifier (a slower ceiling)
 * and per address; a right one is given back, so that the owner is never held back by their
 * own successful sign-ins, nor by someone else's failures from another address.
 */
export async function authenticate(deps: AuthDeps, input: AuthenticateRequest, client: ClientInfo): Promise<Session> {
  const reading = readIdentifier(input.identifier, client.market);
  const candidates = reading.ok
    ? [reading.identifier.value]
    : reading.reason === 'ambiguous'
      ? reading.candidates.map((c) => c.value)
      : [];
  const key = candidates[0] ?? input.identifier.trim().toLowerCase();
  const counted = passwordCheckLimits(key, client.ip);
  await consumeAll(
    deps.limiter,
    counted,
    'Too many wrong passwords. Please wait a minute and try again, or choose a new password with “Forgot password”.',
  );

  const accounts = await deps.accounts.findByIdentifiers(candidates);
  // An ambiguous national number signs in only when exactly one of its readings has an account.
  const account = accounts.length === 1 ? accounts[0] : undefined;
  const valid = account
    ? await verifyPassword(account.credential.passwordHash, input.secret)
    : await verifyDummyPassword(input.secret);
  // One refusal, problem included, for an unknown identifier and a wrong password.
  if (!account || !valid) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS, { problem: WRONG });
  await refundAll(deps.limiter, counted);

  if (!account.credential.verifiedAt) {
    // Only someone who knows the password learns this.
    throw new AppError('FORBIDDEN', 'Confirm your account first: enter the code we sent you, or ask for a new one.', {
      problem: UNCONFIRMED,
    });
  }

  return startSession(deps, account, client);
}
