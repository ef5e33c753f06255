import { describe, expect, it } from 'vitest';
import { sessionCookies, tokensFromCookies } from './session-cookies.server.ts';

const access = `mwa_${'a'.repeat(43)}`;
const refresh = `mwr_${'b'.repeat(43)}`;

function requestWith(cookie: string): Request {
  return new Request('http://localhost/', { headers: { Cookie: cookie } });
}

describe('session cookies', () => {
  it('are httpOnly, Lax, path /, 21600 s, and Secure only when asked', () => {
    const tokens = { accessToken: access, accessExpiresAt: 1_800_000_000_000, refreshToken: refresh };
    const [a, r] = sessionCookies(tokens, false);
    expect(a).toBe(`malewa_access=1800000000.${access}; Max-Age=21600; Path=/; HttpOnly; SameSite=Lax`);
    expect(r).toBe(`malewa_refresh=${refresh}; Max-Age=21600; Path=/; HttpOnly; SameSite=Lax`);
    expect(sessionCookies(tokens, true).every((c) => c.endsWith('; Secure'))).toBe(true);
  });

  it('are removed on sign-out', () => {
    expect(sessionCookies(undefined, false)).toEqual([
      'malewa_access=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'malewa_refresh=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    ]);
  });

  it('read back what they stored', () => {
    const stored = sessionCookies(
      { accessToken: access, accessExpiresAt: 1_800_000_000_000, refreshToken: refresh },
      false,
    );
    const cookie = stored.map((c) => c.split(';')[0]).join('; ');
    expect(tokensFromCookies(requestWith(cookie))).toEqual({
      accessToken: access,
      accessExpiresAt: 1_800_000_000_000,
      refreshToken: refresh,
    });
  });

  it('without a refresh token there is no session; without a usable access token it must renew first', () => {
    expect(tokensFromCookies(requestWith(`malewa_access=1800000000.${access}`))).toBeUndefined();
    expect(tokensFromCookies(requestWith(`malewa_refresh=x y`))).toBeUndefined();
    expect(tokensFromCookies(requestWith(`malewa_refresh=${refresh}; malewa_access=garbage`))).toEqual({
      accessToken: '',
      accessExpiresAt: 0,
      refreshToken: refresh,
    });
  });
});
