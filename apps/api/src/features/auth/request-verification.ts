import type { RequestVerificationRequest } from '@malewa/contracts/auth/request-verification';
import type { ClientInfo } from '#api/client-info.ts';
import { type AuthDeps, consumeAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { newConfirmation, sendConfirmation } from './confirmation.ts';
import { inEqualTime } from './equal-time.ts';
import { readIdentifier } from './identifier.ts';

/**
 * Sends a new confirmation code to an unconfirmed account's identifier. Known or not,
 * confirmed or not, the answer is the same `{ accepted: true }`.
 */
export async function requestVerification(
  deps: AuthDeps,
  input: RequestVerificationRequest,
  client: ClientInfo,
): Promise<{ accepted: true }> {
  const reading = readIdentifier(input.identifier, client.market);
  const candidates = reading.ok
    ? [reading.identifier.value]
    : reading.reason === 'ambiguous'
      ? reading.candidates.map((c) => c.value)
      : [];
  await consumeAll(deps.limiter, [
    [LIMITS.messagesPerIdentifier, candidates[0] ?? input.identifier.trim().toLowerCase()],
    [LIMITS.messagesPerAddress, client.ip],
  ]);
  return inEqualTime(deps, async () => {
    const accounts = await deps.accounts.findByIdentifiers(candidates);
    const account = accounts.length === 1 ? accounts[0] : undefined;
    if (account && !account.credential.verifiedAt) {
      await sendConfirmation(
        deps,
        newConfirmation(deps, {
          credentialId: account.credential.id,
          purpose: 'verify',
          identifier: account.credential.identifier,
          locale: account.user.locale,
        }),
      );
    }
    return { accepted: true as const };
  });
}
