import type { RegisterRequest, RegisterResponse } from '@malewa/contracts/auth/register';
import type { CountryCode } from '@malewa/contracts/markets';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import { accountMessage, socialOwnerMessage } from './account-messages.ts';
import type { PendingRegistration } from './accounts-repository.ts';
import { type AuthDeps, consumeAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { newConfirmation, sendConfirmation } from './confirmation.ts';
import { inEqualTime } from './equal-time.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from './identifier.ts';
import { openPasswordAccount } from './open-account.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { newToken, sha256 } from './tokens.ts';

/**
 * Opens an account, or pretends to: the answer is the same whether the identifier is new or
 * not, so that the form cannot be used to learn who has an account (docs/decisions/0006).
 * - new identifier: an unconfirmed account and a code to confirm it;
 * - an unconfirmed account: this registration replaces the earlier one: its password, and a
 *   new code that is then the only one that can confirm the account (the earlier codes are
 *   spent), so that nobody who registered someone else's address first keeps a way in;
 * - a confirmed account: its owner is told that someone tried, with sign-in and reset links;
 * - an address a social provider verified for an account: its owner is told how they sign in.
 * The password is hashed in every case, so that the three take the same time.
 */
export async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  client: ClientInfo,
): Promise<RegisterResponse['data']> {
  const market: CountryCode | undefined = input.market ?? client.market;
  const fields: Record<string, string[]> = {};
  const reading = readIdentifier(input.credential.identifier, market);
  if (!reading.ok) fields['credential.identifier'] = [IDENTIFIER_MESSAGES[reading.reason]];
  const identifier = reading.ok ? reading.identifier : undefined;

  let email = identifier?.kind === 'email' ? identifier.value : null;
  let phone = identifier?.kind === 'phone' ? identifier.value : null;
  if (input.email && identifier?.kind !== 'email') {
    const other = readIdentifier(input.email);
    if (other.ok && other.identifier.kind === 'email') email = other.identifier.value;
    else fields.email = ['Enter a valid email address, e.g. name@example.com'];
  }
  if (input.phone && identifier?.kind !== 'phone') {
    const other = readIdentifier(input.phone, market);
    if (other.ok && other.identifier.kind === 'phone') phone = other.identifier.value;
    else fields.phone = [IDENTIFIER_MESSAGES[other.ok ? 'invalid' : other.reason]];
  }
  const weak = passwordProblem(input.credential.secret, identifier?.value);
  if (weak) fields['credential.secret'] = [weak];
  if (!identifier || Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { fields });
  }

  await consumeAll(deps.limiter, [
    [LIMITS.registerPerIdentifier, identifier.value],
    [LIMITS.registerPerAddress, client.ip],
  ]);

  return inEqualTime(deps, async () => {
    const locale = input.locale ?? 'en';
    const pending: PendingRegistration = {
      passwordHash: await hashPassword(input.credential.secret),
      name: input.name,
      surname: input.surname,
      email,
      phone,
      locale,
    };
    // Drawn on every path, kept (hashed) only with a code this registration sends.
    const signInToken = newToken('mws');
    const signInTokenHash = sha256(signInToken);
    const accepted = {
      accepted: true as const,
      identifier: identifier.value,
      channel: identifier.kind === 'email' ? ('email' as const) : ('sms' as const),
      signInToken,
    };

    // Twice at most: a registration of the same identifier may create the account between
    // our look-up and our insert, and then this one is a registration of an existing account.
    for (let round = 0; round < 2; round++) {
      const [existing] = await deps.accounts.findByIdentifiers([identifier.value]);
      if (existing?.credential.verifiedAt) {
        await deps.outbox.enqueue(
          accountMessage(deps.publicOrigin, {
            template: 'already-registered',
            identifier: identifier.value,
            locale: existing.user.locale,
          }),
        );
        return accepted;
      }
      if (!existing && identifier.kind === 'email') {
        // An address a provider verified for an account: one address, one account (decision 11).
        const owner = await deps.identities.socialOwnerOf(identifier.value);
        if (owner) {
          await deps.outbox.enqueue(socialOwnerMessage(deps.publicOrigin, { identifier: identifier.value, owner }));
          return accepted;
        }
      }
      if (existing) {
        const { verification, message } = newConfirmation(deps, {
          credentialId: existing.credential.id,
          purpose: 'register',
          identifier: identifier.value,
          locale,
          pending,
          signInTokenHash,
        });
        // This registration replaces the earlier one: its password, and its code the only one
        // left (the earlier codes and links, and any other unused one, are spent).
        await deps.transaction(async () => {
          await deps.verification.spendOpenVerifications(existing.credential.id, clock(deps));
          await deps.accounts.replacePendingPassword(existing.credential.id, pending.passwordHash);
          await deps.verification.addVerification(verification);
          await deps.outbox.enqueue(message);
        });
        return accepted;
      }

      const { verification, message } = newConfirmation(deps, {
        credentialId: '',
        purpose: 'register',
        identifier: identifier.value,
        locale,
        pending,
        signInTokenHash,
      });
      // The account, its code and the message that carries it, together or not at all.
      const created = await deps.transaction(async () => {
        const account = await openPasswordAccount(deps, {
          user: {
            name: pending.name,
            surname: pending.surname,
            email,
            phone,
            locale,
            market:
              market ?? (identifier.kind === 'phone' ? identifier.country : undefined) ?? deps.config.defaultMarket,
          },
          credential: { kind: identifier.kind, identifier: identifier.value, passwordHash: pending.passwordHash },
        });
        if (account) {
          await sendConfirmation(deps, {
            verification: { ...verification, credentialId: account.credential.id },
            message,
          });
        }
        return account;
      });
      if (created) return accepted;
    }
    throw new Error(`registration of ${identifier.kind} kept colliding`);
  });
}
