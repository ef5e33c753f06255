import { describe, expect, it } from 'vitest';
import { redirectWithin, returnPathOf, sameOriginPath } from './return-to.ts';

describe('sameOriginPath', () => {
  it.each([
    ['/', '/'],
    ['/food?page=2', '/food?page=2'],
    ['/sw/pages/about', '/sw/pages/about'],
    ['/food/./meals/../kitchens', '/food/kitchens'],
    ['/search?q=a%5Cb', '/search?q=a%5Cb'],
  ])('keeps a path of this site (%j → %j)', (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '/.//evil.com',
    '/./\\evil.com',
    '/a/..//evil.com',
    '/%2F/evil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    '/%255C%255Cevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r//evil.com',
    '/%09/evil.com',
    '/%00',
    '/food\u0000',
    '/food\u0085',
    'https://evil.com/',
    'http:/evil.com',
    'javascript:alert(1)',
    'evil.com',
    '',
    42,
    null,
  ])('refuses what could lead off the site or carries control characters (%j)', (input) => {
    expect(sameOriginPath(input)).toBeNull();
  });
});

describe('returnPathOf', () => {
  it('reads the home page for an absent or empty returnTo, and splits path and query', () => {
    expect(returnPathOf(null)).toEqual({ pathname: '/', search: '' });
    expect(returnPathOf('')).toEqual({ pathname: '/', search: '' });
    expect(returnPathOf('/food?page=2')).toEqual({ pathname: '/food', search: '?page=2' });
  });

  it('refuses a posted /.//evil.com, which the URL parser would turn into //evil.com', () => {
    expect(returnPathOf('/.//evil.com')).toBeNull();
  });
});

describe('redirectWithin', () => {
  it('redirects to a path of this site, and anything else to the fallback', () => {
    expect(redirectWithin('/fr/food', 303).headers.get('Location')).toBe('/fr/food');
    expect(redirectWithin('//evil.com', 303).headers.get('Location')).toBe('/');
    expect(redirectWithin('/\\evil.com', 303, '/sw').headers.get('Location')).toBe('/sw');
  });
});
