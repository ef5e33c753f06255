/**
 * A full page's scripts start once the page has loaded and painted (decision 40).
 *
 * React Router writes the page's modules as `<link rel="modulepreload">` in the head and one
 * inline module that imports the route modules. The browser fetches them all while the HTML is
 * parsed, in the same bandwidth as the stylesheet and the first screen's pictures, and on a slow
 * link the picture a shopper looks for arrives after 110 KB of scripts. The page works without
 * them (the light pages are exactly this HTML, decision 39), so they can wait.
 *
 * `scriptsAfterLoad` rewrites the rendered document: the preloads leave the head, the inline
 * module is held (a type the browser does not run, the preloads' addresses beside it), the
 * texts' preloads are held under a `rel` no browser acts on, and `scripts-after-load.js` (a
 * small file of its own: inline, it would take a list page over its 14 KB) starts them all after
 * the `load` event's next frame. React's hydration matches an inline script whatever its type,
 * and the texts' links have their `rel` back by then, so the page hydrates as before.
 *
 * On a slow link by the browser's own reading (data saver, 2G, under 0.5 Mbit/s: the light
 * pages' rule, decision 39) the starter leaves them held, unless the shopper asked for full
 * pages or the page needs them (the rider's): a first visit's page, asked for before the browser sent its client hints, is then as
 * light as the pages after it, but for its pictures.
 */
import starterUrl from './scripts-after-load.js?url&no-inline';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const ROUTE_MODULES = /<script( nonce="[^"]*")? type="module" async="">/;
/** The page's texts (platform/i18n/message-bundle.tsx): needed by the scripts only. */
const HELD_TEXTS_FROM = /<link rel="preload" as="fetch"([^>]*\sdata-messages="")/g;
/** The `rel` of a held preload, which no browser acts on (scripts-after-load.js restores it). */
export const HELD_REL = 'x-after-load';
/** What the held module's `type` says: no browser runs it (scripts-after-load.js looks for it). */
export const HELD_MODULE_TYPE = 'text/x-after-load';

/**
 * The document with its scripts held until after load; a page without scripts as it was.
 * `startOnSlowLink`: the shopper asked for full pages (light-pages.server.ts) or the page
 * cannot work without its scripts (page-scripts.ts), so they start on a slow link too.
 */
export function scriptsAfterLoad(
  html: string,
  { startOnSlowLink = false }: { startOnSlowLink?: boolean } = {},
): string {
  const routeModules = ROUTE_MODULES.exec(html);
  if (!routeModules) return html;
  const nonce = routeModules[1] ?? '';
  // The addresses as written in the attributes: already escaped for one.
  const preloads: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const texts = withoutPreloads.replace(HELD_TEXTS_FROM, `<link rel="${HELD_REL}" as="fetch"$1`);
  const held = texts.replace(
    ROUTE_MODULES,
    `<script${nonce} type="${HELD_MODULE_TYPE}" data-preload="${preloads.join(' ')}"${startOnSlowLink ? ' data-slow-link="start"' : ''}>`,
  );
  // Last in the body: React's hydration leaves a node after the ones it rendered there alone.
  const bodyEnd = held.lastIndexOf('</body>');
  const end = bodyEnd === -1 ? held.length : bodyEnd;
  return `${held.slice(0, end)}<script${nonce} src="${starterUrl}" defer></script>${held.slice(end)}`;
}
