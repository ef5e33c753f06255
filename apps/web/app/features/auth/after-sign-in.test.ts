import { describe, expect, it } from 'vitest';
import { keptReturnTo, pathAfterSignIn } from './after-sign-in.ts';

describe('where a shopper goes once signed in', () => {
  it('is the page that asked, query included', () => {
    expect(pathAfterSignIn('/fr/account?tab=orders', 'fr')).toBe('/fr/account?tab=orders');
  });

  it('is the home page of their language otherwise', () => {
    expect(pathAfterSignIn(undefined, 'ar')).toBe('/ar');
    expect(pathAfterSignIn('', 'en')).toBe('/');
  });

  it('never leaves the site, and never returns to an auth page', () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/\tevil', 'javascript:x']) {
      expect(pathAfterSignIn(returnTo, 'sw'), returnTo).toBe('/sw');
    }
    expect(pathAfterSignIn('/auth/login', 'en')).toBe('/');
    expect(pathAfterSignIn('/pt/auth/register', 'pt')).toBe('/pt');
  });

  it('carries only a usable returnTo through the form', () => {
    expect(keptReturnTo('/food?x=1')).toBe('/food?x=1');
    expect(keptReturnTo('//evil.example')).toBe('');
    expect(keptReturnTo(null)).toBe('');
  });
});
