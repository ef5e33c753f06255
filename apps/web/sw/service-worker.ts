/// <reference lib="webworker" />
import type { LocaleCode } from '../app/platform/i18n/locales.ts';
import {
  ASSET_CACHE_LIMIT,
  DATA_CACHE_LIMIT,
  entriesToEvict,
  isCacheable,
  localeOfUrl,
  MEDIA_CACHE_LIMIT,
  NAVIGATION_TIMEOUT_MS,
  offlinePageLocale,
  offlinePath,
  PAGE_CACHE_LIMIT,
  pageOfDataRequest,
  requestKind,
  type SavedPage,
  savedPagesFor,
  shellUrlsInHtml,
  titleOfHtml,
  withSavedPages,
} from '../app/platform/offline/worker-policy.ts';

/**
 * The offline worker, served as `/sw.js` (built by vite.service-worker.ts;
 * docs/product/pages.md, offline): a shopper who loses the network sees the pages they visited,
 * or a localized offline page, never the browser's error page.
 *
 * - Page loads: network first; after NAVIGATION_TIMEOUT_MS a saved copy if there is one;
 *   with neither, the offline page of the address's language (English when not saved).
 * - React Router's `.data` requests (client-side navigations): network first, then the saved
 *   copy; with none, the router is told to load the address as a document, which the rule
 *   above answers.
 * - `/assets/*` (content-hashed, never changing): cache first.
 * - `/media/*` (catalog pictures, never changing): cache first; offline with no copy, an empty
 *   picture, so the card shows its colour instead of a broken image.
 * - Responses marked `no-store` (pages behind sign-in) are never saved.
 *
 * Caches: the shell (offline pages and what they need) belongs to one build and is replaced
 * with the next; pages, data and assets carry over between builds, each capped, the least
 * recently fetched evicted first. The `-v1` suffix changes only if what they store changes.
 */
declare const self: ServiceWorkerGlobalScope;
/** A hash of the build, set by vite.service-worker.ts: a new build is a new worker. */
declare const __BUILD_VERSION__: string;

const PREFIX = 'malewa-';
const SHELL = `${PREFIX}shell-${__BUILD_VERSION__}`;
const PAGES = `${PREFIX}pages-v1`;
const DATA = `${PREFIX}data-v1`;
const ASSETS = `${PREFIX}assets-v1`;
const MEDIA = `${PREFIX}media-v1`;
const CURRENT = new Set([SHELL, PAGES, DATA, ASSETS, MEDIA]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // English is every language's fallback: without it the install fails, and the browser
      // tries again on a later visit. The languages the shopper used with the previous build
      // are renewed now, so an update never leaves them without their offline page.
      const others = (await previouslySavedOfflineLocales()).filter((locale) => locale !== 'en');
      await Promise.all([saveOfflinePage('en'), ...others.map((locale) => saveOfflinePage(locale).catch(() => {}))]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && !CURRENT.has(name)).map((name) => caches.delete(name)),
      );
      // The page request starts while the worker boots, instead of after: a second saved on a slow phone.
      await self.registration.navigationPreload?.enable().catch(() => {});
      await self.clients.claim();
      await saveOpenPages();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (requestKind(request, self.location.origin)) {
    case 'navigation':
      event.respondWith(navigate(event));
      break;
    case 'asset':
      event.respondWith(cacheFirst(request, ASSETS, ASSET_CACHE_LIMIT));
      break;
    case 'media':
      event.respondWith(cacheFirst(request, MEDIA, MEDIA_CACHE_LIMIT).catch(() => emptyPicture()));
      break;
    case 'data':
      event.respondWith(routerData(event));
      break;
    case 'route-manifest':
      event.respondWith(routeManifest(event));
      break;
    case 'static':
      event.respondWith(fetch(request).catch(() => fromCaches(request)));
      break;
    default:
  }
});

async function navigate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const locale = localeOfUrl(request.url);
  const network = (async () => ((await event.preloadResponse) as Response | undefined) ?? fetch(request))();
  if (request.method !== 'GET') return network.catch(() => offlinePage(locale));

  const saved = network.then((response) => {
    if (isCacheable(facts(response))) {
      event.waitUntil(
        Promise.all([save(PAGES, request, response.clone(), PAGE_CACHE_LIMIT), ensureOfflinePage(locale)]),
      );
    }
    return response;
  });
  event.waitUntil(saved.catch(() => {}));
  try {
    return await timeout(saved, NAVIGATION_TIMEOUT_MS);
  } catch {
    const cached = await caches.match(request, { cacheName: PAGES, ignoreVary: true });
    if (cached) return cached;
    // Only slow, and nothing saved: waiting is better than an offline notice.
    return saved.catch(() => offlinePage(locale));
  }
}

/**
 * Network first for the router's own requests, each answer kept in the data cache; offline, the
 * kept answer, else what `unsaved` makes of the request.
 */
async function routerNetworkFirst(event: FetchEvent, unsaved: (request: Request) => Response): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (isCacheable(facts(response))) event.waitUntil(save(DATA, request, response.clone(), DATA_CACHE_LIMIT));
    return response;
  } catch {
    const cached = await caches.match(request, { cacheName: DATA, ignoreVary: true });
    return cached ?? unsaved(request);
  }
}

function routerData(event: FetchEvent): Promise<Response> {
  // React Router's redirect-by-header (single-fetch.ts): load the address as a document,
  // which `navigate` answers with the saved page or the offline page.
  return routerNetworkFirst(
    event,
    (request) =>
      new Response(null, {
        status: 204,
        headers: { 'X-Remix-Redirect': pageOfDataRequest(request.url), 'X-Remix-Reload-Document': 'true' },
      }),
  );
}

/** React Router's route discovery (`/__manifest`), for links to routes it has not loaded yet. */
function routeManifest(event: FetchEvent): Promise<Response> {
  // Unknown: the router's version-mismatch answer makes it load the address as a document.
  return routerNetworkFirst(
    event,
    () => new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } }),
  );
}

async function cacheFirst(request: Request, cacheName: string, limit: number): Promise<Response> {
  // Any cache: the shell's install saved the offline pages' stylesheets there.
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(facts(response))) await save(cacheName, request, response.clone(), limit);
  return response;
}

/**
 * A picture that is neither saved nor reachable: transparent, so the colour the card paints
 * behind it shows (and the console stays quiet), and never stored anywhere.
 */
function emptyPicture(): Response {
  return new Response('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' },
  });
}

async function fromCaches(request: Request): Promise<Response> {
  return (await caches.match(request, { ignoreVary: true })) ?? Response.error();
}

/** The offline page of a language, with the pages saved in that language listed on it. */
async function offlinePage(locale: LocaleCode): Promise<Response> {
  const shell = await caches.open(SHELL);
  const page = (await shell.match(offlinePath(locale))) ?? (await shell.match(offlinePath('en')));
  if (!page) return lastResort();
  const html = withSavedPages(await page.text(), savedPagesFor(locale, await savedPages()));
  const headers = new Headers(page.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  headers.set('Cache-Control', 'no-store');
  return new Response(html, { status: 503, statusText: 'Service Unavailable', headers });
}

/** Every saved page with its title, oldest first. */
async function savedPages(): Promise<SavedPage[]> {
  const pages = await caches.open(PAGES);
  const requests = await pages.keys();
  const found = await Promise.all(
    requests.map(async (request) => {
      const title = titleOfHtml((await (await pages.match(request))?.text()) ?? '');
      return title ? { url: request.url, title } : null;
    }),
  );
  return found.filter((page): page is SavedPage => page !== null);
}

/** Storage was cleared under us: still not the browser's error page. */
function lastResort(): Response {
  return new Response(
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Malewa</title><h1>Offline</h1><p><a href="">Try again</a></p>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
  );
}

/** Saves a language's offline page and the stylesheets and icons it uses, in this build's shell. */
async function saveOfflinePage(locale: LocaleCode): Promise<void> {
  const path = offlinePath(locale);
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const shell = await caches.open(SHELL);
  const files = shellUrlsInHtml(await response.clone().text());
  await shell.addAll(files);
  await shell.put(path, response);
}

async function ensureOfflinePage(locale: LocaleCode): Promise<void> {
  const shell = await caches.open(SHELL);
  if (!(await shell.match(offlinePath(locale)))) await saveOfflinePage(locale).catch(() => {});
}

/**
 * The page the shopper is on when the worker first takes over loaded without it, so it was
 * not saved: fetch it once more (its scripts and styles come from the browser's HTTP cache),
 * so that even a single visit is there offline.
 */
async function saveOpenPages(): Promise<void> {
  const pages = await caches.open(PAGES);
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || (await pages.match(url.href, { ignoreVary: true }))) continue;
    try {
      const response = await fetch(url.href);
      if (!isCacheable(facts(response))) continue;
      const files = shellUrlsInHtml(await response.clone().text());
      await save(PAGES, new Request(url.href), response, PAGE_CACHE_LIMIT);
      await Promise.all(files.map((file) => cacheFirst(new Request(file), ASSETS, ASSET_CACHE_LIMIT).catch(() => {})));
      await ensureOfflinePage(localeOfUrl(url.href));
    } catch {
      // Offline already, or the page is gone: nothing to save.
    }
  }
}

async function previouslySavedOfflineLocales(): Promise<LocaleCode[]> {
  const locales: LocaleCode[] = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(`${PREFIX}shell-`) || name === SHELL) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const locale = offlinePageLocale(request.url);
      if (locale) locales.push(locale);
    }
  }
  return locales;
}

async function save(cacheName: string, request: Request, response: Response, limit: number): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  await Promise.all(entriesToEvict(await cache.keys(), limit).map((old) => cache.delete(old)));
}

function facts(response: Response) {
  return {
    status: response.status,
    type: response.type,
    redirected: response.redirected,
    cacheControl: response.headers.get('Cache-Control'),
  };
}

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Web Push (issue 33): the API sends an order's step as JSON `{ title, body, url, tag }`,
 * written in the shopper's language (apps/api messages/order-notices.ts). The notification
 * shows it; a newer step of the same order replaces the older (`tag`). A message that is not
 * ours shows nothing rather than an empty notification.
 */
self.addEventListener('push', (event) => {
  const notice = pushNoticeOf(event.data);
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: notice.lang,
    }),
  );
});

/** A tap opens the page the notice is about: a tab already on it is focused, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = tabs.find((tab) => tab.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});

function pushNoticeOf(
  data: PushMessageData | null,
): { title: string; body: string; url: string; tag?: string; lang?: string } | undefined {
  try {
    const notice = data?.json() as Record<string, unknown> | undefined;
    if (typeof notice?.title !== 'string' || typeof notice.body !== 'string') return undefined;
    const url = typeof notice.url === 'string' ? notice.url : '/';
    return {
      title: notice.title,
      body: notice.body,
      url,
      ...(typeof notice.tag === 'string' ? { tag: notice.tag } : {}),
      // The page's language is the first segment of its address (`/fr/account/orders/…`).
      lang: localeOfUrl(new URL(url, self.location.origin).href),
    };
  } catch {
    return undefined;
  }
}
