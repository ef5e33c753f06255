import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AuthDeps } from './auth-deps.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from './identifier.ts';
import { openPasswordAccount } from './open-account.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

/**
 * Makes the account of `identifier` an operator, creating it (confirmed, with `password`) when
 * there is none. An existing account keeps its password. For `npm run operator:create`.
 */
export async function createOperator(
  deps: Pick<AuthDeps, 'accounts' | 'credit' | 'notices' | 'config' | 'now'> & TransactionDeps,
  input: { identifier: string; password: () => Promise<string> },
): Promise<{ outcome: 'created' | 'promoted'; identifier: string }> {
  const reading = readIdentifier(input.identifier);
  if (!reading.ok) throw new AppError('VALIDATION_FAILED', IDENTIFIER_MESSAGES[reading.reason]);
  const identifier = reading.identifier;
  const now = clock(deps);

  const [existing] = await deps.accounts.findByIdentifiers([identifier.value]);
  if (existing) {
    await deps.transaction(async () => {
      await deps.accounts.grantRole(existing.user.id, 'operator');
      await deps.accounts.confirmCredential(existing.credential.id, now);
    });
    return { outcome: 'promoted', identifier: identifier.value };
  }

  const password = await input.password();
  const weak =
    password.length < 8 || password.length > 128
      ? 'Use 8 to 128 characters'
      : passwordProblem(password, identifier.value);
  if (weak) throw new AppError('VALIDATION_FAILED', weak);
  const passwordHash = await hashPassword(password);
  // The account and its role together: never an operator's account that cannot operate.
  const created = await deps.transaction(async () => {
    const account = await openPasswordAccount(deps, {
      user: {
        name: 'Operator',
        surname: identifier.kind === 'email' ? (identifier.value.split('@')[0] ?? '') : identifier.value,
        email: identifier.kind === 'email' ? identifier.value : null,
        phone: identifier.kind === 'phone' ? identifier.value : null,
        market: (identifier.kind === 'phone' ? identifier.country : undefined) ?? deps.config.defaultMarket,
      },
      credential: {
        kind: identifier.kind,
        identifier: identifier.value,
        passwordHash,
        verifiedAt: now,
      },
    });
    if (account) await deps.accounts.grantRole(account.user.id, 'operator');
    return account;
  });
  if (!created) throw new AppError('CONFLICT', 'An account with this identifier was created meanwhile: run again.');
  return { outcome: 'created', identifier: identifier.value };
}
