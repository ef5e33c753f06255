import type { Credential, Session, User } from '@malewa/contracts/auth/user';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { Account, PasswordAccount } from './accounts-repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { newToken, sha256 } from './tokens.ts';

export function toUser(account: Account): User {
  const { user } = account;
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    bio: user.bio,
    dateOfBirth: user.dateOfBirth,
    avatarUrl: user.avatarUrl,
    locale: user.locale as User['locale'],
    market: user.market as User['market'],
    roles: account.roles,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toCredential(account: PasswordAccount): Credential;
export function toCredential(account: Account): Credential | null;
export function toCredential(account: Account): Credential | null {
  const { credential } = account;
  return credential ? { identifier: credential.identifier, verified: credential.verifiedAt !== null } : null;
}

/** A fresh pair of tokens and their lifetimes; the refresh token never outlives the session. */
export function newTokenPair(deps: Pick<AuthDeps, 'config' | 'now'>, sessionExpiresAt: Date) {
  const now = clock(deps);
  const accessToken = newToken('mwa');
  const refreshToken = newToken('mwr');
  const cap = (ms: number) => new Date(Math.min(now.getTime() + ms, sessionExpiresAt.getTime()));
  return {
    accessToken,
    refreshToken,
    accessTokenHash: sha256(accessToken),
    refreshTokenHash: sha256(refreshToken),
    accessExpiresAt: cap(deps.config.accessTokenTtlMs),
    refreshExpiresAt: cap(deps.config.refreshTokenTtlMs),
  };
}

export function toSession(account: Account, pair: ReturnType<typeof newTokenPair>): Session {
  return {
    tokenType: 'Bearer',
    accessToken: pair.accessToken,
    accessTokenExpiresAt: pair.accessExpiresAt.toISOString(),
    refreshToken: pair.refreshToken,
    refreshTokenExpiresAt: pair.refreshExpiresAt.toISOString(),
    user: toUser(account),
    credential: toCredential(account),
  };
}

/**
 * Opens a session for a signed-in account: a new token pair, the session row and, from a
 * device the account has not signed in from, the user's "new sign-in" notification, in one
 * transaction. Every way of signing in (password, social) ends here.
 */
export async function startSession(
  deps: Pick<AuthDeps, 'sessions' | 'notices' | 'transaction' | 'config' | 'now'>,
  account: Account,
  client: Pick<ClientInfo, 'ip' | 'userAgent'>,
): Promise<Session> {
  const sessionExpiresAt = new Date(clock(deps).getTime() + deps.config.sessionMaxAgeMs);
  const pair = newTokenPair(deps, sessionExpiresAt);
  const userAgent = client.userAgent ?? null;
  await deps.transaction(async () => {
    const { newDevice } = await deps.sessions.createSession({
      userId: account.user.id,
      accessTokenHash: pair.accessTokenHash,
      accessExpiresAt: pair.accessExpiresAt,
      expiresAt: sessionExpiresAt,
      refreshTokenHash: pair.refreshTokenHash,
      refreshExpiresAt: pair.refreshExpiresAt,
      clientIp: client.ip,
      userAgent,
    });
    if (newDevice) {
      const params: Record<string, string> = { clientIp: client.ip };
      if (userAgent) params.userAgent = userAgent.slice(0, 200);
      await deps.notices.notify(account.user.id, 'new-sign-in', params);
    }
  });
  return toSession(account, pair);
}
