import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import { sha256 } from './tokens.ts';

/** The principal of a live access token (not revoked, not expired), or undefined. */
export async function resolvePrincipal(
  deps: Pick<AuthDeps, 'sessions' | 'now'>,
  accessToken: string,
): Promise<Principal | undefined> {
  if (!accessToken.startsWith('mwa_')) return undefined;
  const row = await deps.sessions.principalByAccessHash(sha256(accessToken), clock(deps));
  return row ? { userId: row.userId, sessionId: row.sessionId, roles: row.roles } : undefined;
}
