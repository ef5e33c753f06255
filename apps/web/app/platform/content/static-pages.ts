import type { PageSeo } from '../seo/page-meta.ts';

/**
 * The information pages under /pages (the specification's 'More' layout). Their texts are
 * Markdown files, `content/pages/<locale>/<page>.md`, rendered on the server only.
 */
export const STATIC_PAGES = [
  'about',
  'career',
  'contact',
  'foodsafety',
  'help',
  'partnership',
  'privacy',
  'terms',
  'attributions',
] as const;

export type StaticPage = (typeof STATIC_PAGES)[number];

export function isStaticPage(value: string | undefined): value is StaticPage {
  return (STATIC_PAGES as readonly (string | undefined)[]).includes(value);
}

/** The locales whose pages are written and kept complete; every other locale falls back. */
export const CONTENT_LOCALES = ['en', 'ar', 'es', 'fr', 'pt', 'sw'] as const;

/** A page ready to show: its metadata and its body as HTML, rendered on the server. */
export interface StaticPageContent {
  /** The locale the text is written in: the asked one, or the one it fell back to. */
  contentLocale: string;
  contentDir: 'ltr' | 'rtl';
  title: string;
  description: string;
  html: string;
}

/** What an information page tells search engines (`seo/page-meta.ts` makes the head of it). */
export function staticPageSeo(page: StaticPage, content: StaticPageContent): PageSeo {
  return { path: `/pages/${page}`, title: `${content.title} | Malewa`, description: content.description };
}
