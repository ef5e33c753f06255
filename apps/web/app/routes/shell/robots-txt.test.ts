import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { LOCALES } from '#app/platform/i18n/locales.ts';
import { loader } from './robots-txt.ts';

async function fetchRobots(env: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(configContext, loadWebConfig(env));
  const url = new URL('http://localhost/robots.txt');
  const response = loader({ url, request: new Request(url), context, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
  return { response, lines: (await response.text()).split('\n') };
}

describe('/robots.txt', () => {
  it('is plain text, cacheable for an hour, of well-formed directives for every crawler', async () => {
    const { response, lines } = await fetchRobots({ PUBLIC_ORIGIN: 'https://malewa.example' });
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of lines.filter(Boolean)) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
  });

  it('lets crawlers in, but not into the form targets or the private areas, in any language', async () => {
    const { lines } = await fetchRobots({});
    expect(lines).toContain('Allow: /');
    for (const target of ['/set-locale', '/set-theme', '/set-market', '/set-pages'])
      expect(lines).toContain(`Disallow: ${target}`);
    for (const area of ['account', 'auth', 'cart']) {
      expect(lines).toContain(`Disallow: /${area}`);
      for (const { code } of LOCALES.filter((l) => l.code !== 'en'))
        expect(lines).toContain(`Disallow: /${code}/${area}`);
    }
    // Nothing public is kept out.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const page of ['/', '/food', '/fr/pages/about', '/sitemap.xml']) {
      expect(
        disallowed.some((prefix) => page.startsWith(prefix)),
        page,
      ).toBe(false);
    }
  });

  it('points at the sitemap by its absolute URL', async () => {
    expect((await fetchRobots({ PUBLIC_ORIGIN: 'https://malewa.example/' })).lines).toContain(
      'Sitemap: https://malewa.example/sitemap.xml',
    );
    expect((await fetchRobots({ WEB_PORT: '3250' })).lines).toContain('Sitemap: http://localhost:3250/sitemap.xml');
  });
});
