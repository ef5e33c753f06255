import type { RefreshSessionRequest } from '@malewa/contracts/auth/refresh-session';
import type { Session } from '@malewa/contracts/auth/user';
import { AppError } from '../../app-error.ts';
import { type AuthDeps, clock } from './auth-deps.ts';
import { newTokenPair, toSession } from './session-tokens.ts';
import { sha256 } from './tokens.ts';

const EXPIRED = 'Your session has ended. Please sign in again.';

/**
 * Exchanges a refresh token for a new pair (rotation). A refresh token is good once: a second
 * use means it was copied, and the whole session (every token of the family) ends.
 */
export async function refreshSession(deps: AuthDeps, input: RefreshSessionRequest): Promise<Session> {
  const now = clock(deps);
  const found = await deps.auth.refreshTokenByHash(sha256(input.refreshToken));
  if (!found) throw new AppError('UNAUTHENTICATED', EXPIRED);
  const { session } = found;
  if (found.usedAt) {
    await deps.auth.revokeSession(session.id, 'refresh-token-reuse', now);
    throw new AppError('UNAUTHENTICATED', EXPIRED);
  }
  if (session.revokedAt || session.expiresAt <= now || found.expiresAt <= now) {
    throw new AppError('UNAUTHENTICATED', EXPIRED);
  }
  const pair = newTokenPair(deps, session.expiresAt);
  const rotated = await deps.auth.rotate({
    sessionId: session.id,
    refreshTokenId: found.id,
    now,
    accessTokenHash: pair.accessTokenHash,
    accessExpiresAt: pair.accessExpiresAt,
    refreshTokenHash: pair.refreshTokenHash,
    refreshExpiresAt: pair.refreshExpiresAt,
  });
  if (!rotated) {
    // Spent by a simultaneous request: as much a second use as any.
    await deps.auth.revokeSession(session.id, 'refresh-token-reuse', now);
    throw new AppError('UNAUTHENTICATED', EXPIRED);
  }
  const account = await deps.auth.accountOf(session.userId);
  if (!account) throw new AppError('UNAUTHENTICATED', EXPIRED);
  return toSession(account, pair);
}
