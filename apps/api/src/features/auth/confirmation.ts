import { randomUUID } from 'node:crypto';
import { VERIFICATION_CODE_TTL_MS } from '@malewa/contracts/auth/confirm-verification';
import { clock } from '#api/clock.ts';
import type { OutboxMessage } from '#api/messages/outbox-repository.ts';
import { accountMessage } from './account-messages.ts';
import type { PendingRegistration } from './accounts-repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { codeHash, newCode, newToken, sha256 } from './tokens.ts';
import type { NewVerification } from './verification-repository.ts';

/**
 * A confirmation of `identifier` (code and link, 10 minutes) and the message that carries it,
 * in `locale`. Only hashes are kept; the message holds the code until it is delivered.
 */
export function newConfirmation(
  deps: Pick<AuthDeps, 'now' | 'publicOrigin'>,
  input: {
    credentialId: string;
    purpose: NewVerification['purpose'];
    identifier: string;
    locale: string;
    pending?: PendingRegistration;
    /** The registering browser's token, hashed (register.ts). */
    signInTokenHash?: string;
  },
): { verification: NewVerification; message: OutboxMessage } {
  const id = randomUUID();
  const code = newCode();
  const linkToken = newToken('mwv');
  const now = clock(deps);
  return {
    verification: {
      id,
      credentialId: input.credentialId,
      purpose: input.purpose,
      identifier: input.identifier,
      codeHash: codeHash(id, code),
      linkTokenHash: sha256(linkToken),
      pending: input.pending ? { ...input.pending } : null,
      signInTokenHash: input.signInTokenHash ?? null,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      createdAt: now,
    },
    message: accountMessage(deps.publicOrigin, {
      template: 'confirm',
      identifier: input.identifier,
      locale: input.locale,
      params: { code },
      links: { link: `/auth/confirm-account?token=${linkToken}` },
    }),
  };
}

/** Keeps a confirmation and sends the message that carries it, in one transaction. */
export async function sendConfirmation(
  deps: Pick<AuthDeps, 'verification' | 'outbox' | 'transaction'>,
  confirmation: { verification: NewVerification; message: OutboxMessage },
): Promise<void> {
  await deps.transaction(async () => {
    await deps.verification.addVerification(confirmation.verification);
    await deps.outbox.enqueue(confirmation.message);
  });
}
