import { describe, expect, it } from 'vitest';
import { pagesChoiceOf, pagesCookie, wantsLightPages } from './light-pages.server.ts';

const light = (init: Record<string, string>) => {
  const headers = new Headers(init);
  return wantsLightPages((name) => headers.get(name));
};

describe('wantsLightPages', () => {
  it('is on with Save-Data, a 2G connection or a slow downlink', () => {
    expect(light({ 'Save-Data': 'on' })).toBe(true);
    expect(light({ 'Save-Data': ' ON ' })).toBe(true);
    expect(light({ ECT: '2g' })).toBe(true);
    expect(light({ ECT: 'slow-2g' })).toBe(true);
    // Chromium calls 800 ms and 250 kbit/s "3g"; the downlink says what a page costs.
    expect(light({ ECT: '3g', Downlink: '0.25' })).toBe(true);
    expect(light({ Downlink: '0.475' })).toBe(true);
  });

  it('is off otherwise', () => {
    expect(light({})).toBe(false);
    expect(light({ 'Save-Data': 'off' })).toBe(false);
    expect(light({ ECT: '3g' })).toBe(false);
    expect(light({ ECT: '4g' })).toBe(false);
    expect(light({ ECT: '3g', Downlink: '0.5' })).toBe(false);
    expect(light({ Downlink: '1.6' })).toBe(false);
    expect(light({ Downlink: '' })).toBe(false);
    expect(light({ Downlink: 'fast' })).toBe(false);
    expect(light({ Downlink: '-1' })).toBe(false);
  });
});

describe('the shopper’s choice', () => {
  it('wins over the connection, either way', () => {
    expect(light({ Cookie: 'malewa_pages=full', Downlink: '0.25', 'Save-Data': 'on' })).toBe(false);
    expect(light({ Cookie: 'malewa_theme=dark; malewa_pages=light', Downlink: '10' })).toBe(true);
  });

  it('is read only when it names light or full', () => {
    expect(pagesChoiceOf('malewa_pages=full')).toBe('full');
    expect(pagesChoiceOf('a=1; malewa_pages=light')).toBe('light');
    expect(pagesChoiceOf('malewa_pages=lite')).toBeNull();
    expect(pagesChoiceOf(undefined)).toBeNull();
    expect(light({ Cookie: 'malewa_pages=lite', Downlink: '0.25' })).toBe(true);
  });

  it('is kept a year, for the server only, Secure on https', () => {
    const plain = pagesCookie('full', new Request('http://localhost/set-pages'));
    expect(plain).toBe('malewa_pages=full; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax');
    expect(pagesCookie('light', new Request('https://malewa.example/set-pages'))).toMatch(/; Secure$/);
  });
});
