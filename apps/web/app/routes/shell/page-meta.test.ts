import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig, publicConfig } from '#app/config.server.ts';
import { findLocale, LOCALES, type Locale, type LocaleCode } from '#app/platform/i18n/locales.ts';
import { messagesFor, metaMessagesFor, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { buildPageMeta, errorPageMeta, pageMeta } from '#app/platform/seo/page-meta.ts';
import { serviceHomeOf } from '../services/service-home.server.ts';
import { meta as serviceHomeMeta } from '../services/service-home.tsx';
import { meta as homeMeta } from './home.tsx';
import { meta as layoutMeta } from './locale-layout.tsx';

const ORIGIN = 'https://malewa.example';

function locale(code: LocaleCode): Locale {
  return findLocale(code) as Locale;
}

/** `matches` as React Router hands them to `meta`: the root loader's data comes first. */
function matchesFor(code: LocaleCode) {
  const config = publicConfig(loadWebConfig({ PUBLIC_ORIGIN: ORIGIN }));
  return [{ id: 'root', loaderData: { locale: locale(code), metaMessages: metaMessagesFor(code), config } }];
}

function argsFor(code: LocaleCode) {
  return { matches: matchesFor(code), location: { pathname: '/' }, params: {} };
}

type Tag = Record<string, string>;
const tags = (head: MetaDescriptor[]) => head as unknown as Tag[];
const titles = (head: MetaDescriptor[]) => tags(head).filter((t) => 'title' in t);
const linksOf = (head: MetaDescriptor[], rel: string) =>
  tags(head).filter((t) => t.tagName === 'link' && t.rel === rel);
const property = (head: MetaDescriptor[], name: string) =>
  tags(head)
    .filter((t) => t.property === name || t.name === name)
    .map((t) => t.content);

describe('the head of a localized page', () => {
  const head = buildPageMeta(
    { origin: ORIGIN, locale: locale('fr'), messages: messagesFor('fr') },
    { path: '/food', title: 'Repas | Malewa', description: 'Des plats faits maison.', keywords: 'repas, Kenya' },
  );

  it('has one title, one description and localized keywords with the subscriptions', () => {
    expect(titles(head)).toEqual([{ title: 'Repas | Malewa' }]);
    expect(property(head, 'description')).toEqual(['Des plats faits maison.']);
    expect(property(head, 'keywords')).toEqual([
      'repas, Kenya, abonnement hebdomadaire, abonnement quotidien, abonnement mensuel',
    ]);
  });

  it('names its absolute, prefixed URL as canonical', () => {
    expect(linksOf(head, 'canonical').map((l) => l.href)).toEqual([`${ORIGIN}/fr/food`]);
  });

  it('lists the page in all 25 languages by BCP 47 tag, and English as x-default', () => {
    const alternates = linksOf(head, 'alternate');
    expect(alternates).toHaveLength(26);
    expect(alternates.map((l) => l.hrefLang)).toEqual([...LOCALES.map((l) => l.iso), 'x-default']);
    const href = Object.fromEntries(alternates.map((l) => [l.hrefLang, l.href]));
    expect(href.en).toBe(`${ORIGIN}/food`);
    expect(href.fr).toBe(`${ORIGIN}/fr/food`);
    expect(href.ar).toBe(`${ORIGIN}/ar/food`);
    // The route prefix stays `ewe`; the language tag is `ee`.
    expect(href.ee).toBe(`${ORIGIN}/ewe/food`);
    expect(href['x-default']).toBe(`${ORIGIN}/food`);
  });

  it('carries Open Graph and a large Twitter card', () => {
    expect(property(head, 'og:type')).toEqual(['website']);
    expect(property(head, 'og:site_name')).toEqual(['Malewa']);
    expect(property(head, 'og:title')).toEqual(['Repas | Malewa']);
    expect(property(head, 'og:description')).toEqual(['Des plats faits maison.']);
    expect(property(head, 'og:url')).toEqual([`${ORIGIN}/fr/food`]);
    expect(property(head, 'og:image')).toEqual([`${ORIGIN}/og-image.png`]);
    expect(property(head, 'og:locale')).toEqual(['fr_FR']);
    // Facebook would ask this address again with ?fb_locale= for each alternate: none is promised.
    expect(property(head, 'og:locale:alternate')).toEqual([]);
    expect(property(head, 'twitter:card')).toEqual(['summary_large_image']);
  });

  it('has no tag twice', () => {
    const keys = head.map((tag) => JSON.stringify(tag));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('falls back to the site keywords, in the page language', () => {
    const arabic = buildPageMeta(
      { origin: ORIGIN, locale: locale('ar'), messages: messagesFor('ar') },
      { path: '/pages/about', title: 'x', description: 'y' },
    );
    expect(property(arabic, 'keywords')).toEqual([
      `${messagesFor('ar')['home.keywords']}، اشتراك أسبوعي، اشتراك يومي، اشتراك شهري`,
    ]);
    expect(linksOf(arabic, 'canonical')[0]?.href).toBe(`${ORIGIN}/ar/pages/about`);
  });
});

describe('the pages', () => {
  it('the English home page has exactly the title of the specification, and its root URL', () => {
    const t = translatorFor('en');
    const loaderData = {
      meta: { title: t('home.title'), description: t('home.description'), keywords: t('home.keywords') },
      countries: null,
    };
    const head = homeMeta({ ...argsFor('en'), loaderData } as unknown as Parameters<typeof homeMeta>[0]);
    expect(titles(head)).toEqual([{ title: 'Food | Grocery | Chef | Cookbook | Farm | HomeCooked Meals' }]);
    expect(linksOf(head, 'canonical')[0]?.href).toBe(`${ORIGIN}/`);
    expect(linksOf(head, 'alternate').find((l) => l.hrefLang === 'sw')?.href).toBe(`${ORIGIN}/sw`);
  });

  it('a service home has its own title, description and keywords', () => {
    const loaderData = serviceHomeOf(new URL('http://localhost/sw/chef'));
    const head = serviceHomeMeta({ ...argsFor('sw'), loaderData } as unknown as Parameters<typeof serviceHomeMeta>[0]);
    expect(titles(head)).toEqual([{ title: 'Mpishi: mpishi binafsi nyumbani kwako | Malewa' }]);
    expect(property(head, 'keywords')[0]).toMatch(/^mpishi binafsi, .*, usajili wa kila mwezi$/);
    expect(linksOf(head, 'canonical')[0]?.href).toBe(`${ORIGIN}/sw/chef`);
  });

  it('a 404 is titled in the page language, noindex, with no canonical URL or alternates', () => {
    // What the router hands the boundary for a thrown `data(null, { status: 404 })`.
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };
    const args = { ...argsFor('ar'), error: notFound };
    const head = layoutMeta(args as unknown as Parameters<typeof layoutMeta>[0]);
    expect(head).toEqual([
      { title: `${messagesFor('ar')['error.notFound']} | Malewa` },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('any other failure is titled with the generic message', () => {
    const head = errorPageMeta({ ...argsFor('fr'), error: new Error('boom') });
    expect(titles(head)).toEqual([{ title: `${messagesFor('fr')['error.generic']} | Malewa` }]);
    expect(property(head, 'robots')).toEqual(['noindex']);
  });

  it('the layout adds nothing to a page that did not fail', () => {
    expect(errorPageMeta({ ...argsFor('en'), error: null })).toEqual([]);
  });

  it('without the root data (the root failed) a page still has its title', () => {
    expect(pageMeta({ matches: [] }, { path: '/', title: 'Malewa', description: '' })).toEqual([{ title: 'Malewa' }]);
  });
});
