import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, findLocale, LOCALES, type Locale, localizePath } from '../i18n/locales.ts';
import { createTranslator, type Messages } from '../i18n/translator.ts';
import { OG_IMAGE } from '../offline/app-icons.ts';

/** The share image, served from `public/` (`npm run icons`): one for every page and language. */
export const OG_IMAGE_PATH = OG_IMAGE.src;

/** What a page says about itself, already in its language. */
export interface PageSeo {
  /** The page without its locale prefix (`/`, `/food`, `/pages/about`): the canonical path. */
  path: string;
  title: string;
  description: string;
  /**
   * A comma list in the page's language; the site's (`home.keywords`: the services and the six
   * markets) when the page has none of its own. The subscription keywords (daily, weekly,
   * monthly: docs/product/catalog.md, services) are appended.
   */
  keywords?: string;
}

/**
 * The few texts the head of every page uses, which the root loader sends with its data: `meta`
 * functions run outside React, where the page's message files (i18n/message-bundle.tsx) are
 * not at hand.
 */
export const META_MESSAGE_KEYS = [
  'seo.keywords',
  'home.keywords',
  'site.name',
  'error.notFound',
  'error.generic',
] as const;
export type MetaMessages = Pick<Messages, (typeof META_MESSAGE_KEYS)[number]>;

/** What every page shares: where the site lives, in which language this page is, its texts. */
export interface SiteSeo {
  /** PUBLIC_ORIGIN: scheme, host and port, no trailing slash. */
  origin: string;
  locale: Locale;
  messages: MetaMessages;
}

/** `https://malewa.example/fr/food`: a page's address in a language, as search engines see it. */
export function absoluteUrl(origin: string, path: string, locale: Locale): string {
  return `${origin}${localizePath(path, locale.code)}`;
}

/**
 * Open Graph wants `language_TERRITORY`. The territory is the locale's flag, which already
 * names the country where most of our readers of that language live (see locales.ts): en_GB,
 * pt_MZ, sw_KE, ee_GH.
 */
export function ogLocale(locale: Locale): string {
  return `${locale.iso}_${locale.flag}`;
}

/**
 * The head of an indexable page: title, description, keywords, the canonical URL, an hreflang
 * alternate for each of the 25 languages plus x-default (English), Open Graph (in the page's
 * own locale) and the Twitter card. React Router renders only the deepest route's `meta`, so this is the whole list: no
 * tag can appear twice.
 */
export function buildPageMeta(site: SiteSeo, page: PageSeo): MetaDescriptor[] {
  const { origin, locale } = site;
  const t = createTranslator(locale.code, site.messages as Messages);
  const url = absoluteUrl(origin, page.path, locale);
  const english = findLocale(DEFAULT_LOCALE) as Locale;
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { name: 'keywords', content: t('seo.keywords', { keywords: page.keywords ?? t('home.keywords') }) },
    { tagName: 'link', rel: 'canonical', href: url },
    ...LOCALES.map((other) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: other.iso,
      href: absoluteUrl(origin, page.path, other),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(origin, page.path, english) },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: t('site.name') },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${origin}${OG_IMAGE_PATH}` },
    // No og:locale:alternate: it tells Facebook to ask this same address again with
    // ?fb_locale=<locale> for a translation, which we never serve there; each language has its
    // own address, which the hreflang links above name.
    { property: 'og:locale', content: ogLocale(locale) },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** An error page (a 404, a failure): titled, kept out of the index, and with no canonical URL. */
export function buildErrorPageMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** The root loader's data, as route `meta` functions see it in `matches`. */
interface RootData {
  locale: Locale;
  metaMessages: MetaMessages;
  config: { publicOrigin: string };
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** The site part from the root loader, which every page has: locale, its messages, the origin. */
export function siteSeoOf({ matches }: MetaArgsLike): SiteSeo | undefined {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return undefined;
  return { origin: root.config.publicOrigin, locale: root.locale, messages: root.metaMessages };
}

/**
 * A route's `meta`: `return pageMeta(args, { path, title, description, keywords })`. It also
 * runs in the browser on client navigations, so it takes everything from the root loader.
 */
export function pageMeta(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const site = siteSeoOf(args);
  return site ? buildPageMeta(site, page) : [{ title: page.title }];
}

/**
 * The layout's `meta` when a page failed (a 404 included): the error boundary's message as the
 * title, `noindex`, nothing else. Without an error it adds nothing: each page has its own.
 */
export function errorPageMeta(args: MetaArgsLike & { error?: unknown }): MetaDescriptor[] {
  if (!args.error) return [];
  const site = siteSeoOf(args);
  if (!site) return buildErrorPageMeta('Malewa');
  const t = createTranslator(site.locale.code, site.messages as Messages);
  const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
  return buildErrorPageMeta(`${t(notFound ? 'error.notFound' : 'error.generic')} | ${t('site.name')}`);
}
