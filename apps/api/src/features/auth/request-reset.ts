import { RESET_TOKEN_TTL_MS, type RequestResetRequest } from '@malewa/contracts/auth/request-reset';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import { accountMessage } from './account-messages.ts';
import { type AuthDeps, consumeAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { inEqualTime } from './equal-time.ts';
import { readIdentifier } from './identifier.ts';
import { newToken, sha256 } from './tokens.ts';

/**
 * Sends a reset link (256-bit token, stored hashed, 30 minutes, single use) to an account's
 * identifier. Known or not, the answer is the same `{ accepted: true }`.
 */
export async function requestReset(
  deps: AuthDeps,
  input: RequestResetRequest,
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
    // The token is drawn and hashed either way, so that both paths do the same work.
    const token = newToken('mwp');
    const tokenHash = sha256(token);
    if (account) {
      const message = accountMessage(deps.publicOrigin, {
        template: 'reset',
        identifier: account.credential.identifier,
        locale: account.user.locale,
        links: { link: `/auth/reset-password?token=${token}` },
      });
      await deps.transaction(async () => {
        await deps.verification.addResetToken({
          credentialId: account.credential.id,
          tokenHash,
          expiresAt: new Date(clock(deps).getTime() + RESET_TOKEN_TTL_MS),
        });
        await deps.outbox.enqueue(message);
      });
    }
    return { accepted: true as const };
  });
}
