import type { RefreshSessionRequest } from '@malewa/contracts/auth/refresh-session';
import type { Session } from '@malewa/contracts/auth/user';
import { AppError } from '#api/app-error.ts';
import { clock } from '#api/clock.ts';
import type { AuthDeps } from './auth-deps.ts';
import { newTokenPair, toSession } from './session-tokens.ts';
import { openWithToken, sealWithToken, sha256 } from './tokens.ts';

const EXPIRED = 'Your session has ended. Please sign in again.';

type TokenPair = ReturnType<typeof newTokenPair>;

/**
 * Exchanges a refresh token for a new pair (rotation). A refresh token is good once; the same
 * token again within the grace window (two tabs, or a page and its data request, refreshing
 * at once) gets the very pair the first exchange made, so both stay signed in with the same
 * cookies. Later, a second use means the token was copied, and the whole session (every token
 * of the family) ends. See docs/decisions/0014-concurrent-refresh.md.
 */
export async function refreshSession(deps: AuthDeps, input: RefreshSessionRequest): Promise<Session> {
  const now = clock(deps);
  const found = await deps.sessions.refreshTokenByHash(sha256(input.refreshToken));
  if (!found) throw new AppError('UNAUTHENTICATED', EXPIRED);
  const { session } = found;
  if (found.usedAt) return sameAgain(deps, input.refreshToken, found.id, now);
  if (session.revokedAt || session.expiresAt <= now || found.expiresAt <= now) {
    throw new AppError('UNAUTHENTICATED', EXPIRED);
  }
  const pair = newTokenPair(deps, session.expiresAt);
  const rotated = await deps.sessions.rotate({
    sessionId: session.id,
    refreshTokenId: found.id,
    successorSealed: sealWithToken(input.refreshToken, serialise(pair)),
    now,
    accessTokenHash: pair.accessTokenHash,
    accessExpiresAt: pair.accessExpiresAt,
    refreshTokenHash: pair.refreshTokenHash,
    refreshExpiresAt: pair.refreshExpiresAt,
  });
  // Spent by a simultaneous request between our read and our write: that one's pair is ours.
  if (!rotated) return sameAgain(deps, input.refreshToken, found.id, now);
  return sessionOf(deps, session.userId, pair);
}

/**
 * A spent token presented again: the pair it was exchanged for while the grace window lasts
 * and the session lives, else reuse, which ends the session.
 */
async function sameAgain(deps: AuthDeps, refreshToken: string, refreshTokenId: string, now: Date): Promise<Session> {
  const found = await deps.sessions.refreshTokenByHash(sha256(refreshToken));
  const { session } = found ?? {};
  const withinGrace =
    found?.id === refreshTokenId &&
    found.usedAt !== null &&
    now.getTime() - found.usedAt.getTime() <= deps.config.refreshReuseGraceMs;
  const sealed = withinGrace && found?.successorSealed ? openWithToken(refreshToken, found.successorSealed) : null;
  if (!session || sealed === null) {
    if (session) await deps.sessions.revokeSession(session.id, 'refresh-token-reuse', now);
    throw new AppError('UNAUTHENTICATED', EXPIRED);
  }
  if (session.revokedAt || session.expiresAt <= now) throw new AppError('UNAUTHENTICATED', EXPIRED);
  return sessionOf(deps, session.userId, deserialise(sealed));
}

async function sessionOf(deps: AuthDeps, userId: string, pair: TokenPair): Promise<Session> {
  const account = await deps.accounts.accountOf(userId);
  if (!account) throw new AppError('UNAUTHENTICATED', EXPIRED);
  return toSession(account, pair);
}

function serialise(pair: TokenPair): string {
  return JSON.stringify({
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    accessExpiresAt: pair.accessExpiresAt.toISOString(),
    refreshExpiresAt: pair.refreshExpiresAt.toISOString(),
  });
}

function deserialise(sealed: string): TokenPair {
  const stored = JSON.parse(sealed) as Record<
    'accessToken' | 'refreshToken' | 'accessExpiresAt' | 'refreshExpiresAt',
    string
  >;
  return {
    accessToken: stored.accessToken,
    refreshToken: stored.refreshToken,
    accessTokenHash: sha256(stored.accessToken),
    refreshTokenHash: sha256(stored.refreshToken),
    accessExpiresAt: new Date(stored.accessExpiresAt),
    refreshExpiresAt: new Date(stored.refreshExpiresAt),
  };
}
