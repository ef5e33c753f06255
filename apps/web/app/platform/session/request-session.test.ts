import type { Session } from '@malewa/contracts/auth/user';
import { describe, expect, it } from 'vitest';
import { type Renewal, RequestSession } from './request-session.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function session(access: string, refresh: string, expiresAt = NOW + 15 * 60_000): Session {
  return {
    tokenType: 'Bearer',
    accessToken: access,
    accessTokenExpiresAt: new Date(expiresAt).toISOString(),
    refreshToken: refresh,
    refreshTokenExpiresAt: new Date(NOW + 6 * 3600_000).toISOString(),
    user: {} as Session['user'],
    credential: null,
  };
}

describe('RequestSession', () => {
  it('uses a live access token without renewing', async () => {
    let renewals = 0;
    const s = new RequestSession(
      { accessToken: 'a1', accessExpiresAt: NOW + 60_000, refreshToken: 'r1' },
      async () => {
        renewals += 1;
        return { ok: false };
      },
      () => NOW,
    );
    expect(await s.accessToken()).toBe('a1');
    expect(renewals).toBe(0);
    expect(s.changed).toBe(false);
  });

  it('renews an expired access token once, however many loaders ask at the same time', async () => {
    const sent: string[] = [];
    const s = new RequestSession(
      { accessToken: 'a1', accessExpiresAt: NOW - 1, refreshToken: 'r1' },
      async (refresh): Promise<Renewal> => {
        sent.push(refresh);
        return { ok: true, session: session('a2', 'r2') };
      },
      () => NOW,
    );
    const tokens = await Promise.all([s.accessToken(), s.accessToken(), s.renewAfter('a1')]);
    expect(tokens).toEqual(['a2', 'a2', 'a2']);
    expect(sent).toEqual(['r1']);
    expect(s.changed).toBe(true);
    expect(s.tokens?.refreshToken).toBe('r2');
    // A loader that was refused with the old token after the renewal gets the new one.
    expect(await s.renewAfter('a1')).toBe('a2');
    expect(sent).toEqual(['r1']);
  });

  it('ends the session when the refresh token is refused', async () => {
    const s = new RequestSession(
      { accessToken: 'a1', accessExpiresAt: NOW + 60_000, refreshToken: 'r1' },
      async () => ({ ok: false }),
      () => NOW,
    );
    expect(await s.renewAfter('a1')).toBeUndefined();
    expect(s.signedIn).toBe(false);
    expect(s.changed).toBe(true);
    expect(s.arrivedSignedIn).toBe(true);
  });

  it('keeps the session when the API cannot be reached, so a network blip signs nobody out', async () => {
    const s = new RequestSession(
      { accessToken: 'a1', accessExpiresAt: NOW - 1, refreshToken: 'r1' },
      async () => {
        throw new Error('connect ECONNREFUSED');
      },
      () => NOW,
    );
    await expect(s.accessToken()).rejects.toThrow('ECONNREFUSED');
    expect(s.signedIn).toBe(true);
    expect(s.changed).toBe(false);
  });
});
