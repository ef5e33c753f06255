import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { STATIC_PAGES } from '#app/platform/content/static-pages.ts';
import { LOCALES, localizePath } from '#app/platform/i18n/locales.ts';
import { indexablePaths } from '#app/platform/seo/indexable-pages.ts';
import { getService, SERVICE_IDS, SERVICES, type Service } from '#app/platform/services/services.ts';
import { loader } from './sitemap-pages-xml.ts';

const ORIGIN = 'https://malewa.example';

async function fetchSitemap(env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(configContext, loadWebConfig({ PUBLIC_ORIGIN: ORIGIN, ...env }));
  const url = new URL('http://localhost/sitemaps/pages.xml');
  const response = loader({ url, request: new Request(url), context, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
  return { response, root: parseXml(await response.text()) };
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) => {
  if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bare & in ${JSON.stringify(text)}`);
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
};

/**
 * A strict parser for the XML a sitemap uses (a declaration, elements, attributes in double
 * quotes, text, the five entities): it throws on anything not well-formed — an unclosed or
 * mismatched tag, a second root, a bare `&` or `<`, a repeated attribute.
 */
function parseXml(source: string): XmlElement {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!source.startsWith(declaration)) throw new Error('no XML declaration');
  const token = /<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  token.lastIndex = declaration.length;
  while (token.lastIndex < source.length) {
    const at = token.lastIndex;
    const match = token.exec(source);
    if (!match) throw new Error(`not well-formed at ${at}: ${source.slice(at, at + 40)}`);
    const [, closing, opening, attributeText = '', selfClosing, text] = match;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== closing) throw new Error(`</${closing}> closes <${open?.name}>`);
    } else if (opening) {
      const attributes: Record<string, string> = {};
      for (const [, name = '', value = ''] of attributeText.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        if (name in attributes) throw new Error(`${name} twice on <${opening}>`);
        attributes[name] = decode(value);
      }
      const element: XmlElement = { name: opening, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error('a second root element');
      else root = element;
      if (!selfClosing) stack.push(element);
    } else if (text !== undefined) {
      const parent = stack.at(-1);
      if (parent) parent.text += decode(text);
      else if (text.trim() !== '') throw new Error('text outside the root element');
    }
  }
  if (stack.length > 0 || !root) throw new Error('unclosed elements');
  return root;
}

const child = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);

function expectedLocs(paths: string[]): string[] {
  return paths.flatMap((path) => LOCALES.map((locale) => `${ORIGIN}${localizePath(path, locale.code)}`));
}

describe('/sitemaps/pages.xml', () => {
  it('is XML, cacheable for an hour', async () => {
    const { response, root } = await fetchSitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(root.name).toBe('urlset');
    expect(root.attributes).toEqual({
      xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
    });
  });

  it('lists home, the service homes, their collections, offers and join pages, and the nine information pages in all 25 languages', async () => {
    const { root } = await fetchSitemap();
    const locs = child(root, 'url').map((url) => child(url, 'loc')[0]?.text);
    const tabs = SERVICES.flatMap((service) =>
      service.tabs.filter((tab) => tab.id !== 'search').map((tab) => tab.path),
    );
    const paths = ['/', ...SERVICE_IDS.map((id) => `/${id}`), ...tabs, ...STATIC_PAGES.map((page) => `/pages/${page}`)];
    expect(locs.sort()).toEqual(expectedLocs(paths).sort());
    // Search result pages are endless and thin: never in the sitemap.
    expect(locs.some((loc) => loc?.endsWith('/search'))).toBe(false);
    expect(tabs).toHaveLength(21);
    expect(locs).toHaveLength((15 + 21) * 25);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/ewe/pages/privacy`);
  });

  it('names every language version of each URL, itself included, and English as x-default', async () => {
    const { root } = await fetchSitemap();
    for (const url of child(root, 'url')) {
      const loc = child(url, 'loc')[0]?.text ?? '';
      const links = child(url, 'xhtml:link');
      expect(links, loc).toHaveLength(26);
      expect(links.every((link) => link.attributes.rel === 'alternate')).toBe(true);
      expect(links.map((link) => link.attributes.hreflang)).toEqual([...LOCALES.map((l) => l.iso), 'x-default']);
      expect(links.map((link) => link.attributes.href)).toContain(loc);
    }
    const farmInZulu = child(root, 'url').find((url) => child(url, 'loc')[0]?.text === `${ORIGIN}/zu/farm`);
    const href = (lang: string) =>
      farmInZulu && child(farmInZulu, 'xhtml:link').find((l) => l.attributes.hreflang === lang)?.attributes.href;
    expect(href('ee')).toBe(`${ORIGIN}/ewe/farm`);
    expect(href('x-default')).toBe(`${ORIGIN}/farm`);
    expect(href('ar')).toBe(`${ORIGIN}/ar/farm`);
  });

  it('lists only the enabled services', async () => {
    const { root } = await fetchSitemap({ ENABLED_SERVICES: 'farm,food' });
    const locs = child(root, 'url').map((url) => child(url, 'loc')[0]?.text ?? '');
    expect(locs).toContain(`${ORIGIN}/food`);
    expect(locs).toContain(`${ORIGIN}/sw/farm`);
    for (const off of ['grocery', 'chef', 'cookbook']) {
      expect(
        locs.filter((loc) => loc.includes(`/${off}`)),
        off,
      ).toEqual([]);
    }
    // Home, 2 services with 2 collections, offers and join each, 9 pages.
    expect(locs).toHaveLength((12 + 8) * 25);
  });
});

describe('the indexable pages', () => {
  it('take in a service tab once its route exists, but never search results', () => {
    const food = getService('food');
    const withTabs: Service = {
      ...food,
      tabs: food.tabs.map((tab) => ({ ...tab, available: ['meals', 'search'].includes(tab.id) })),
    };
    const paths = indexablePaths([withTabs]);
    expect(paths).toContain('/food/meals');
    expect(paths).not.toContain('/food/search');
    expect(paths).not.toContain('/food/offers');
  });
});
