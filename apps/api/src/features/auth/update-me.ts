import type { Me } from '@malewa/contracts/auth/get-me';
import type { UpdateMeRequest } from '@malewa/contracts/auth/update-me';
import type { CountryCode } from '@malewa/contracts/markets';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from './identifier.ts';
import { toCredential, toUser } from './session-tokens.ts';

/**
 * Replaces the profile. The contact email and phone are checked and normalised like
 * identifiers, but changing them does not change how the user signs in (PUT /account/update
 * does, with a code); the one that is the sign-in identifier cannot be cleared or changed here.
 */
export async function updateMe(
  deps: Pick<AuthDeps, 'accounts' | 'now'>,
  principal: Principal,
  input: UpdateMeRequest,
  client: Pick<ClientInfo, 'market'>,
): Promise<Me> {
  const account = await deps.accounts.accountOf(principal.userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const fields: Record<string, string[]> = {};
  const market = account.user.market as CountryCode;
  const { credential } = account;

  const contact = (kind: 'email' | 'phone', typed: string | null): string | null => {
    if (credential && kind === credential.kind) {
      const same = typed === null ? null : readIdentifier(typed, market);
      if (!same?.ok || same.identifier.value !== credential.identifier) {
        fields[kind] = ['This is how you sign in: change it under “Email or phone and password”'];
      }
      return credential.identifier;
    }
    if (typed === null) return null;
    const reading = readIdentifier(typed, client.market ?? market);
    if (reading.ok && reading.identifier.kind === kind) return reading.identifier.value;
    fields[kind] = [
      kind === 'email'
        ? 'Enter a valid email address, e.g. name@example.com'
        : IDENTIFIER_MESSAGES[reading.ok ? 'invalid' : reading.reason],
    ];
    return null;
  };
  const email = contact('email', input.email);
  const phone = contact('phone', input.phone);
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'The request is not valid.', { fields });

  const updated = await deps.accounts.updateProfile(principal.userId, {
    name: input.name,
    surname: input.surname,
    email,
    phone,
    gender: input.gender,
    bio: input.bio,
    dateOfBirth: input.dateOfBirth,
    avatarUrl: input.avatarUrl,
    ...(input.locale ? { locale: input.locale } : {}),
    updatedAt: clock(deps),
  });
  if (!updated) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return { user: toUser(updated), credential: toCredential(updated) };
}
