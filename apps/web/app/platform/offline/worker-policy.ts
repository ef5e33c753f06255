import { LOCALES, type LocaleCode, localeOfPath, localizePath } from '../i18n/locales.ts';

/**
 * The decisions of the offline worker (`sw/service-worker.ts`), kept free of worker APIs so
 * they can be tested and read in one place. The worker only wires them to events and caches.
 */

/**
 * How long a navigation waits for the network before a saved copy is shown instead. On 3G
 * a server-rendered page normally starts arriving within 1–2 s; past 4 s the network is
 * failing more than it is working. Without a saved copy the worker keeps waiting: a slow
 * page beats an offline notice.
 */
export const NAVIGATION_TIMEOUT_MS = 4000;

/** Recently visited pages kept for offline use; the least recently fetched go first. */
export const PAGE_CACHE_LIMIT = 30;
/** React Router's `.data` responses of those pages, for client-side navigations. */
export const DATA_CACHE_LIMIT = 30;
/** Hashed build files (JS, CSS, flags); a few versions' worth, so saved pages keep their look. */
export const ASSET_CACHE_LIMIT = 150;
/**
 * Catalog pictures seen while the worker ran (`/media/*`, one address always the same bytes):
 * a saved page shows them offline, and a picture seen once is not downloaded again. At the
 * phone's smallest widths (~3–15 KB each) this stays around a megabyte or two.
 */
export const MEDIA_CACHE_LIMIT = 200;
/** Saved pages listed on the offline page. */
export const SAVED_PAGES_LISTED = 10;

export type RequestKind = 'navigation' | 'asset' | 'media' | 'data' | 'route-manifest' | 'static' | 'none';

/** Which strategy a request gets; 'none' leaves it to the browser. */
export function requestKind(request: { url: string; method: string; mode: string }, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'none';
  if (request.mode === 'navigate') return 'navigation';
  if (request.method !== 'GET') return 'none';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname.startsWith('/media/')) return 'media';
  if (url.pathname.endsWith('.data')) return 'data';
  if (url.pathname === '/__manifest') return 'route-manifest';
  if (url.pathname === '/sw.js') return 'none';
  return 'static';
}

/**
 * The page a React Router data request is for (`/fr/food.data?_routes=…` → `/fr/food`,
 * `/_.data` → `/`): the server's own normalisation (server-runtime/urls.ts).
 */
export function pageOfDataRequest(url: string): string {
  const parsed = new URL(url);
  const pathname = parsed.pathname.endsWith('/_.data')
    ? parsed.pathname.slice(0, -'_.data'.length)
    : parsed.pathname.replace(/\.data$/, '');
  parsed.searchParams.delete('_routes');
  const search = parsed.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The interface language of a URL, from its prefix (`/fr/...`); English when it has none. */
export function localeOfUrl(url: string): LocaleCode {
  const parsed = new URL(url);
  const pathname = parsed.pathname.endsWith('.data')
    ? new URL(pageOfDataRequest(url), parsed).pathname
    : parsed.pathname;
  return localeOfPath(pathname).code;
}

/** Where the offline page of a language lives: `/offline`, `/fr/offline`, … */
export function offlinePath(locale: LocaleCode): string {
  return localizePath('/offline', locale);
}

/** The language whose offline page this URL is, or null when it is not an offline page. */
export function offlinePageLocale(url: string): LocaleCode | null {
  const { pathname } = new URL(url);
  return LOCALES.find((locale) => offlinePath(locale.code) === pathname)?.code ?? null;
}

export interface ResponseFacts {
  status: number;
  type: string;
  redirected: boolean;
  cacheControl: string | null;
}

/**
 * Whether a response may be saved. Only complete same-origin successes; never one marked
 * `no-store` — pages behind sign-in send `Cache-Control: private, no-store`, so a shopper's
 * personal data is never left on a shared phone. Redirected responses are not saved either:
 * browsers refuse them as answers to navigations.
 */
export function isCacheable(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  return !/(^|,)\s*no-store\s*(,|$)/i.test(response.cacheControl ?? '');
}

/**
 * The entries to delete so that at most `limit` remain. Entries come oldest first (the
 * order of `Cache.keys()`: a page saved again moves to the end), so the pages visited
 * longest ago go first.
 */
export function entriesToEvict<T>(entries: readonly T[], limit: number): T[] {
  return entries.slice(0, Math.max(0, entries.length - limit));
}

/**
 * Same-origin files a page needs to look right offline: its stylesheets, icons and scripts
 * (held ones too; the offline page itself has no scripts; see routes/shell/offline-page.tsx), and the small
 * pictures of the build (`/assets/*`, by `src` or `srcset`: the flags). Those are lazy on a phone, below
 * the fold, so a page opened offline asked for them then and found nothing. Catalog pictures
 * (`/media/*`) stay out: they are many, the browser picks one width of each from `srcset`,
 * and the worker keeps the ones it did pick as they load (MEDIA_CACHE_LIMIT).
 */
export function shellUrlsInHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
    // Each candidate of a srcset too (the flags' image is a 2x candidate alone).
    const srcset = /\ssrcset="([^"]*)"/i.exec(tag)?.[1]?.split(',') ?? [];
    for (const candidate of [src, ...srcset.map((entry) => entry.trim().split(/\s+/)[0])]) {
      if (candidate?.startsWith('/assets/')) urls.add(candidate.replaceAll('&amp;', '&'));
    }
  }
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/gi)) {
    const rel = /\srel="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase() ?? '';
    const url = /\s(?:href|src)="([^"]*)"/i.exec(tag)?.[1];
    if (!url?.startsWith('/') || url.startsWith('//')) continue;
    const wanted = tag.toLowerCase().startsWith('<script')
      ? true
      : rel
          .split(/\s+/)
          // `x-after-load`: a preload held until the page has loaded (decision 40).
          .some((r) =>
            ['stylesheet', 'icon', 'apple-touch-icon', 'modulepreload', 'preload', 'x-after-load'].includes(r),
          );
    if (wanted) urls.add(url.replaceAll('&amp;', '&'));
  }
  // The modules a full page starts after load (decision 40), listed on the script that holds them.
  for (const [, list] of html.matchAll(/\sdata-preload="([^"]*)"/gi)) {
    for (const url of list?.split(/\s+/) ?? []) {
      if (url.startsWith('/') && !url.startsWith('//')) urls.add(url.replaceAll('&amp;', '&'));
    }
  }
  return [...urls];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** A page's `<title>`, as text. */
export function titleOfHtml(html: string): string | null {
  const raw = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim();
  return raw ? raw.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity) : null;
}

export interface SavedPage {
  url: string;
  title: string;
}

/**
 * The saved pages worth offering on a language's offline page: that language's, most
 * recent first, without offline pages, at most SAVED_PAGES_LISTED, titled without the
 * site's name (every one of them would end in it). `pages` come oldest first.
 */
export function savedPagesFor(locale: LocaleCode, pages: readonly SavedPage[]): SavedPage[] {
  return pages
    .filter((page) => localeOfUrl(page.url) === locale && offlinePageLocale(page.url) === null)
    .reverse()
    .slice(0, SAVED_PAGES_LISTED)
    .map((page) => ({ url: page.url, title: page.title.replace(/\s+\|\s+Malewa$/, '') || page.title }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The offline page with its list of saved pages filled in and shown. The page renders the
 * list empty and hidden (`<section id="saved-pages" hidden="">…<ul…></ul>`); only the worker
 * knows what is saved on this phone.
 */
export function withSavedPages(offlineHtml: string, pages: readonly SavedPage[]): string {
  if (pages.length === 0) return offlineHtml;
  const items = pages
    .map((page) => {
      const { pathname, search } = new URL(page.url);
      return `<li><a href="${escapeHtml(pathname + search)}">${escapeHtml(page.title)}</a></li>`;
    })
    .join('');
  return offlineHtml.replace(
    /(<section\b[^>]*\bid="saved-pages")\s+hidden=""([^>]*>[\s\S]*?<ul\b[^>]*>)(<\/ul>)/,
    (_match, open: string, middle: string, close: string) => `${open}${middle}${items}${close}`,
  );
}
