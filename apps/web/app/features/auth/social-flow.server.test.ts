import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { clearFlowCookie, decodeFlow, encodeFlow, flowCookie } from './social-flow.server.ts';

const TOKEN = `mwf_${'a'.repeat(40)}`;

function context(origin: string): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(configContext, loadWebConfig({ PUBLIC_ORIGIN: origin }));
  return provider;
}

describe('the social sign-in flow cookie', () => {
  it('is httpOnly, Lax, only for the callback path, ten minutes, Secure on https', () => {
    const request = new Request('http://localhost:3000/auth/social/google');
    expect(
      flowCookie({ token: TOKEN, locale: 'fr', intent: 'sign-in' }, context('http://localhost:3000'), request),
    ).toBe(`malewa_flow=fr.sign-in.${TOKEN}; Max-Age=600; Path=/auth/account/; HttpOnly; SameSite=Lax`);
    expect(
      flowCookie({ token: TOKEN, locale: 'en', intent: 'link' }, context('https://malewa.example'), request),
    ).toMatch(/; Secure$/);
    expect(clearFlowCookie(context('http://localhost:3000'), request)).toBe(
      'malewa_flow=; Max-Age=0; Path=/auth/account/; HttpOnly; SameSite=Lax',
    );
  });

  it('reads back what it stored, and nothing malformed', () => {
    expect(decodeFlow(encodeFlow({ token: TOKEN, locale: 'ar', intent: 'link' }))).toEqual({
      token: TOKEN,
      locale: 'ar',
      intent: 'link',
    });
    expect(decodeFlow(`xx.sign-in.${TOKEN}`)?.locale).toBe('en');
    for (const value of [undefined, '', 'fr.sign-in', `fr.admin.${TOKEN}`, `fr.sign-in.${TOKEN}.x`, 'fr.sign-in.a b']) {
      expect(decodeFlow(value), String(value)).toBeUndefined();
    }
  });
});
