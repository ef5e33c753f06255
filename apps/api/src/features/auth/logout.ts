import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';

/** Ends this session, or with `all` every session of the account; its tokens stop at once. */
export async function logout(
  deps: Pick<AuthDeps, 'sessions' | 'now'>,
  principal: Principal,
  all: boolean,
): Promise<{ sessionsEnded: number }> {
  const now = clock(deps);
  const sessionsEnded = all
    ? await deps.sessions.revokeUserSessions(principal.userId, 'logout-all', now)
    : await deps.sessions.revokeSession(principal.sessionId, 'logout', now);
  return { sessionsEnded };
}
