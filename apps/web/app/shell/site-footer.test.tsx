import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig, publicConfig } from '../config.server.ts';
import { I18nProvider } from '../platform/i18n/i18n-context.tsx';
import { localeOfPath } from '../platform/i18n/locales.ts';
import { MessageBundleSource } from '../platform/i18n/message-bundle.tsx';
import { messagesOfBundle } from '../platform/i18n/message-bundles.server.ts';
import { sharedMessageBundle } from '../platform/i18n/messages.server.ts';
import { LOCALE_LAYOUT_ROUTE_ID } from '../platform/markets/use-current-market.ts';
import { SiteFooter } from './site-footer.tsx';

/**
 * The footer rendered on the server as the storefront renders it: under a root route with the
 * public configuration and a locale layout route with the shopper's market.
 */
async function renderFooter(
  path: string,
  env: Record<string, string> = {},
  market: string | null = null,
  brief = false,
) {
  const config = publicConfig(loadWebConfig(env));
  const routes = [
    {
      id: 'root',
      loader: () => ({ config }),
      Component: Root,
      children: [
        {
          id: LOCALE_LAYOUT_ROUTE_ID,
          path: '/*',
          loader: () => ({ market }),
          Component: brief ? BriefFooter : Footer,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

/** The root's part: the page's locale and its messages, as the root loader provides them. */
function Root() {
  const locale = localeOfPath(useLocation().pathname);
  return (
    <MessageBundleSource value={messagesOfBundle}>
      <I18nProvider locale={locale} bundles={[sharedMessageBundle(locale.code)]}>
        <Outlet />
      </I18nProvider>
    </MessageBundleSource>
  );
}

function Footer() {
  return <SiteFooter signedIn={false} />;
}

function BriefFooter() {
  return <SiteFooter signedIn={true} brief />;
}

/** The part of the page from the element with this class to its closing tag (no nesting of the same tag). */
function part(html: string, className: string): string {
  const start = html.search(new RegExp(`<(\\w+)[^>]* class="${className}"`));
  if (start < 0) return '';
  const tag = /^<(\w+)/.exec(html.slice(start))?.[1] ?? '';
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}

/** The attributes of every `<tag …>` in the html, in order. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);
const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');

describe('the footer', () => {
  it('has the columns whose links exist, each link in the page language', async () => {
    const columns = part(await renderFooter('/fr/chef'), 'footer-columns');
    expect(all(columns, /<h2 id="footer-\w+">([^<]*)<\/h2>/g)).toEqual(['Entreprise', 'Services', 'Compte', 'Plus']);
    const hrefs = all(columns, /href="([^"]*)"/g);
    expect(hrefs).toContain('/fr/pages/about');
    expect(hrefs).toContain('/fr/chef#how-it-works');
    expect(hrefs).toContain('/fr/account');
    expect(hrefs.every((href) => href?.startsWith('/fr/'))).toBe(true);
  });

  it('lists the six markets as buttons of a form posting to /set-market, back to this page', async () => {
    const markets = part(await renderFooter('/sw/food?page=2'), 'footer-markets');
    expect(tags(markets, 'form')).toEqual([{ method: 'post', action: '/set-market' }]);
    expect(tags(markets, 'input')).toContainEqual({ type: 'hidden', name: 'returnTo', value: '/sw/food?page=2' });
    // Every form that posts carries the CSRF token (session/csrf.server.ts).
    expect(tags(markets, 'input').map((input) => input.name)).toContain('csrf');
    const buttons = tags(markets, 'button');
    expect(buttons.every((b) => b.type === 'submit' && b.name === 'country')).toBe(true);
    expect(buttons.map((b) => b.value)).toEqual(['ZA', 'KE', 'RW', 'BW', 'ZW', 'MZ']);
    expect(text(markets)).toContain('Afrika Kusini');
    expect(markets).not.toContain('aria-current');
  });

  it('marks the shopper’s market', async () => {
    const markets = part(await renderFooter('/', {}, 'RW'), 'footer-markets');
    const current = tags(markets, 'button').filter((b) => b['aria-current'] === 'true');
    expect(current.map((b) => b.value)).toEqual(['RW']);
  });

  it('shows no app badge and no social link unless configured', async () => {
    const html = await renderFooter('/');
    expect(html).not.toContain('footer-apps');
    expect(html).not.toContain('footer-social');
  });

  it('shows each configured store badge, and only those', async () => {
    const apps = part(
      await renderFooter('/', { PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.malewa' }),
      'footer-apps',
    );
    expect(all(apps, /href="([^"]*)"/g)).toEqual(['https://play.google.com/store/apps/details?id=com.malewa']);
    expect(text(apps)).toBe('Get the appGet it on Google Play');
  });

  it('shows the social links, known networks by icon with their name as the label, others by host', async () => {
    const social = part(
      await renderFooter('/ar', {
        SOCIAL_LINKS: 'https://www.facebook.com/malewa,https://wa.me/27820000000,https://mastodon.africa/@malewa',
      }),
      'footer-social',
    );
    const links = all(social, /(<a [^>]*>.*?<\/a>)/g);
    expect(links.map((a) => [/href="([^"]*)"/.exec(a ?? '')?.[1], text(a ?? '')])).toEqual([
      ['https://www.facebook.com/malewa', 'Facebook'],
      ['https://wa.me/27820000000', 'WhatsApp'],
      ['https://mastodon.africa/@malewa', 'mastodon.africa'],
    ]);
    expect(links.every((a) => a?.includes('<svg'))).toBe(true);
    expect(links[0]).toContain('<span class="visually-hidden">Facebook</span>');
    expect(text(social)).toContain('تابعنا');
  });

  it('ends with the copyright line of the current year', async () => {
    expect(text(part(await renderFooter('/'), 'footer-rights'))).toContain(String(new Date().getFullYear()));
  });

  it('is brief where the shopper pays: help, terms and privacy in the page language, and the copyright line', async () => {
    const html = await renderFooter('/fr/cart/food/checkout', {}, 'KE', true);
    expect(all(part(html, 'footer-brief'), /href="([^"]*)"/g)).toEqual([
      '/fr/pages/help',
      '/fr/pages/terms',
      '/fr/pages/privacy',
    ]);
    // No country to switch to in the middle of paying, nor the site's columns.
    expect(html).not.toContain('footer-markets');
    expect(html).not.toContain('footer-columns');
    expect(part(html, 'footer-rights')).not.toBe('');
  });
});
