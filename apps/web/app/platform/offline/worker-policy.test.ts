import { describe, expect, it } from 'vitest';
import {
  entriesToEvict,
  isCacheable,
  localeOfUrl,
  offlinePageLocale,
  offlinePath,
  pageOfDataRequest,
  requestKind,
  SAVED_PAGES_LISTED,
  savedPagesFor,
  shellUrlsInHtml,
  titleOfHtml,
  withSavedPages,
} from './worker-policy.ts';

const origin = 'https://malewa.example';
const at = (path: string) => `${origin}${path}`;

describe('requestKind', () => {
  const get = (path: string, mode = 'cors') => requestKind({ url: at(path), method: 'GET', mode }, origin);

  it('sends page loads, whatever their method, to the navigation strategy', () => {
    expect(get('/fr/food', 'navigate')).toBe('navigation');
    expect(requestKind({ url: at('/set-locale'), method: 'POST', mode: 'navigate' }, origin)).toBe('navigation');
  });

  it('tells build assets, catalog pictures, router data and route discovery apart', () => {
    expect(get('/assets/root-C50ljZrm.js')).toBe('asset');
    expect(get('/media/v1/art/2/curry-rice/160.avif')).toBe('media');
    expect(get('/fr/food.data?_routes=routes%2Fservice-home')).toBe('data');
    expect(get('/__manifest?paths=%2Ffood&version=abc')).toBe('route-manifest');
    expect(get('/favicon.svg')).toBe('static');
  });

  it('leaves other origins, other methods and the worker script to the browser', () => {
    expect(requestKind({ url: 'https://cdn.example/x.js', method: 'GET', mode: 'cors' }, origin)).toBe('none');
    expect(requestKind({ url: at('/pages/contact'), method: 'POST', mode: 'cors' }, origin)).toBe('none');
    expect(get('/sw.js')).toBe('none');
  });
});

describe('pageOfDataRequest', () => {
  it('is the page the data belongs to, as the server normalises it', () => {
    expect(pageOfDataRequest(at('/fr/food.data?_routes=a%2Cb'))).toBe('/fr/food');
    expect(pageOfDataRequest(at('/_.data'))).toBe('/');
    expect(pageOfDataRequest(at('/fr/_.data'))).toBe('/fr/');
    expect(pageOfDataRequest(at('/food/search.data?q=rice&_routes=x'))).toBe('/food/search?q=rice');
  });
});

describe('localeOfUrl', () => {
  it('is the language of the prefix, English without one', () => {
    expect(localeOfUrl(at('/fr/food'))).toBe('fr');
    expect(localeOfUrl(at('/ar'))).toBe('ar');
    expect(localeOfUrl(at('/zu/pages/about'))).toBe('zu');
    expect(localeOfUrl(at('/food'))).toBe('en');
    expect(localeOfUrl(at('/'))).toBe('en');
  });

  it('reads data requests as their page', () => {
    expect(localeOfUrl(at('/fr.data'))).toBe('fr');
    expect(localeOfUrl(at('/sw/food.data?_routes=x'))).toBe('sw');
  });

  it('treats an unknown or English prefix as English', () => {
    expect(localeOfUrl(at('/xx/food'))).toBe('en');
    expect(localeOfUrl(at('/en/food'))).toBe('en');
    expect(localeOfUrl(at('/francais'))).toBe('en');
  });
});

describe('offline page paths', () => {
  it('are localized like every page and map back to their language', () => {
    expect(offlinePath('en')).toBe('/offline');
    expect(offlinePath('ar')).toBe('/ar/offline');
    expect(offlinePageLocale(at('/ar/offline'))).toBe('ar');
    expect(offlinePageLocale(at('/offline'))).toBe('en');
    expect(offlinePageLocale(at('/ar/food'))).toBeNull();
    expect(offlinePageLocale(at('/xx/offline'))).toBeNull();
  });
});

describe('isCacheable', () => {
  const ok = { status: 200, type: 'basic', redirected: false, cacheControl: null };

  it('saves complete same-origin successes', () => {
    expect(isCacheable(ok)).toBe(true);
    expect(isCacheable({ ...ok, cacheControl: 'public, max-age=60' })).toBe(true);
  });

  it('never saves a response marked no-store, however the header is written', () => {
    expect(isCacheable({ ...ok, cacheControl: 'private, no-store' })).toBe(false);
    expect(isCacheable({ ...ok, cacheControl: 'no-store' })).toBe(false);
    expect(isCacheable({ ...ok, cacheControl: 'No-Store,private' })).toBe(false);
    expect(isCacheable({ ...ok, cacheControl: 'no-cache' })).toBe(true);
  });

  it('does not save errors, redirects, or other origins', () => {
    expect(isCacheable({ ...ok, status: 404 })).toBe(false);
    expect(isCacheable({ ...ok, status: 202 })).toBe(false);
    expect(isCacheable({ ...ok, type: 'opaqueredirect', status: 0 })).toBe(false);
    expect(isCacheable({ ...ok, type: 'opaque', status: 0 })).toBe(false);
    expect(isCacheable({ ...ok, redirected: true })).toBe(false);
  });
});

describe('entriesToEvict', () => {
  it('drops the oldest entries beyond the limit', () => {
    expect(entriesToEvict(['a', 'b', 'c', 'd', 'e'], 3)).toEqual(['a', 'b']);
  });

  it('keeps everything up to the limit', () => {
    expect(entriesToEvict(['a', 'b', 'c'], 3)).toEqual([]);
    expect(entriesToEvict([], 30)).toEqual([]);
  });
});

describe('shellUrlsInHtml', () => {
  const html = `<head>
    <link rel="manifest" href="/fr/manifest.webmanifest"/>
    <link rel="stylesheet" href="/assets/app-BMakVlM2.css"/>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
    <link rel="apple-touch-icon" href="/apple-touch-icon.png"/>
    <link rel="modulepreload" href="/assets/entry.client-qI_BxsKS.js"/>
    <link rel="x-after-load" as="fetch" href="/assets/messages/fr/shared-1a.json" crossorigin="anonymous" data-messages=""/>
    <link rel="alternate" hreflang="ar" href="/ar/offline"/>
    <link rel="stylesheet" href="https://fonts.example/x.css"/>
    <link rel="preconnect" href="//cdn.example"/>
    <script>window.__x = 1</script>
    <script type="module" src="/assets/root.js?v=1&amp;x=2"></script>
    <script nonce="n" type="text/x-after-load" data-preload="/assets/framework-a1.js /assets/shell-b2.js">import "/assets/root.js"</script>
  </head><body><footer>
    <img src="/assets/zw-U0m7oJ5e.svg" alt="" loading="lazy" width="20" height="15"/>
    <img class="flag" srcset="/assets/market-flags-BG-SUSZw.png 2x" alt="" loading="lazy" width="20" height="15"/>
    <img src="/media/items/nyama-choma-320.webp" srcset="/media/items/nyama-choma-320.webp 320w, /media/items/nyama-choma-640.webp 640w" alt=""/>
    <img src="https://cdn.example/x.png" alt=""/>
  </footer></body>`;

  it('lists the same-origin stylesheets, icons, scripts (held ones too) and pictures of the build, once', () => {
    expect(shellUrlsInHtml(html + html)).toEqual([
      '/assets/zw-U0m7oJ5e.svg',
      '/assets/market-flags-BG-SUSZw.png',
      '/assets/app-BMakVlM2.css',
      '/favicon.svg',
      '/apple-touch-icon.png',
      '/assets/entry.client-qI_BxsKS.js',
      '/assets/messages/fr/shared-1a.json',
      '/assets/root.js?v=1&x=2',
      '/assets/framework-a1.js',
      '/assets/shell-b2.js',
    ]);
  });
});

describe('titleOfHtml', () => {
  it('reads the title as text', () => {
    expect(titleOfHtml('<head><title>Repas &amp; boissons | Malewa</title></head>')).toBe('Repas & boissons | Malewa');
    expect(titleOfHtml('<head></head>')).toBeNull();
  });
});

describe('the saved pages on the offline page', () => {
  const pages = [
    { url: at('/fr'), title: 'Accueil' },
    { url: at('/food'), title: 'Food' },
    { url: at('/fr/food'), title: 'Repas | Malewa' },
    { url: at('/fr/offline'), title: 'Hors ligne' },
  ];

  it('are those of the same language, most recent first, without offline pages', () => {
    expect(savedPagesFor('fr', pages).map((page) => page.title)).toEqual(['Repas', 'Accueil']);
    expect(savedPagesFor('en', pages).map((page) => page.title)).toEqual(['Food']);
    expect(savedPagesFor('ar', pages)).toEqual([]);
  });

  it('are titled without the site name, which every title ends with', () => {
    expect(savedPagesFor('fr', [{ url: at('/fr/food'), title: 'Repas | Malewa' }])[0]?.title).toBe('Repas');
    expect(savedPagesFor('fr', [{ url: at('/fr'), title: 'Malewa' }])[0]?.title).toBe('Malewa');
  });

  it('are at most a handful', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ url: at(`/pages/p${i}`), title: `P${i}` }));
    const listed = savedPagesFor('en', many);
    expect(listed).toHaveLength(SAVED_PAGES_LISTED);
    expect(listed[0]?.title).toBe('P24');
  });

  const offlineHtml =
    '<main><h1>Offline</h1><section id="saved-pages" hidden="" class="offline-saved" aria-labelledby="s"><h2 id="s">Saved</h2><ul class="offline-saved-list"></ul></section></main>';

  it('fill the hidden list and show it, with titles and links escaped', () => {
    const html = withSavedPages(offlineHtml, [
      { url: at('/fr/food?q=a"b'), title: 'Repas <&> "du jour"' },
      { url: at('/fr'), title: 'Accueil' },
    ]);
    expect(html).toContain('<section id="saved-pages" class="offline-saved"');
    expect(html).not.toContain('hidden');
    expect(html).toContain(
      '<ul class="offline-saved-list"><li><a href="/fr/food?q=a%22b">Repas &#60;&#38;&#62; &#34;du jour&#34;</a></li><li><a href="/fr">Accueil</a></li></ul>',
    );
  });

  it('leave the page as it is when nothing is saved', () => {
    expect(withSavedPages(offlineHtml, [])).toBe(offlineHtml);
  });
});
