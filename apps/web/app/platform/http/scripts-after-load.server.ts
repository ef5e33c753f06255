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

/** Where the route modules' inline module opens, after its `<script` and nonce. */
const ROUTE_MODULES_OPEN = ' type="module" async="">';
const ROUTE_MODULES = /^<script( nonce="[^"]*")? type="module" async="">$/;
const MODULE_PRELOAD_AT = '<link rel="modulepreload" href="';
const MODULE_PRELOAD = /^<link rel="modulepreload" href="([^"]+)"[^>]*\/>$/;
const TEXT_PRELOAD_AT = '<link rel="preload" as="fetch"';
/** The page's texts (platform/i18n/message-bundle.tsx): needed by the scripts only. */
const HELD_TEXT = /\sdata-messages=""/;
/** The `rel` of a held preload, which no browser acts on (scripts-after-load.js restores it). */
export const HELD_REL = 'x-after-load';
/** What the held module's `type` says: no browser runs it (scripts-after-load.js looks for it). */
export const HELD_MODULE_TYPE = 'text/x-after-load';

/** A part of the document to write in place of the bytes `from`..`to`. */
interface Edit {
  from: number;
  to: number;
  text: string;
}

/**
 * The document with its scripts held until after load, as the parts to send in order (copying
 * them into one buffer cost as much again); a page without scripts as it was.
 * `startOnSlowLink`: the shopper asked for full pages (light-pages.server.ts) or the page
 * cannot work without its scripts (page-scripts.ts), so they start on a slow link too.
 *
 * It works on the bytes and decodes only the tags it rewrites: a signed-in list page is over
 * 64 KB, and Node decodes a string that long some 30 times slower than a shorter one (0.5 ms),
 * then encodes it again to send it (issue 35's profile: a quarter of such a page's render).
 */
export function scriptsAfterLoad(
  html: Buffer,
  { startOnSlowLink = false }: { startOnSlowLink?: boolean } = {},
): Buffer[] {
  const opensAt = html.indexOf(ROUTE_MODULES_OPEN);
  if (opensAt === -1) return [html];
  const moduleFrom = html.lastIndexOf('<script', opensAt);
  const moduleTo = opensAt + ROUTE_MODULES_OPEN.length;
  const routeModules = moduleFrom === -1 ? null : ROUTE_MODULES.exec(html.toString('latin1', moduleFrom, moduleTo));
  if (!routeModules) return [html];
  const nonce = routeModules[1] ?? '';
  const edits: Edit[] = [];
  // The addresses as written in the attributes: already escaped for one.
  const preloads: string[] = [];
  for (const tag of tagsAt(html, MODULE_PRELOAD_AT)) {
    const href = MODULE_PRELOAD.exec(tag.text)?.[1];
    if (href === undefined) continue;
    preloads.push(href);
    edits.push({ ...tag, text: '' });
  }
  for (const tag of tagsAt(html, TEXT_PRELOAD_AT)) {
    if (HELD_TEXT.test(tag.text)) edits.push({ ...tag, text: tag.text.replace('rel="preload"', `rel="${HELD_REL}"`) });
  }
  edits.push({
    from: moduleFrom,
    to: moduleTo,
    text: `<script${nonce} type="${HELD_MODULE_TYPE}" data-preload="${preloads.join(' ')}"${startOnSlowLink ? ' data-slow-link="start"' : ''}>`,
  });
  // Last in the body: React's hydration leaves a node after the ones it rendered there alone.
  const bodyEnd = html.lastIndexOf('</body>');
  const end = bodyEnd === -1 ? html.length : bodyEnd;
  edits.push({ from: end, to: end, text: `<script${nonce} src="${starterUrl}" defer></script>` });
  return applied(html, edits);
}

/** Each tag that starts with `opening`, to its `>`: where it is, and its text. */
function* tagsAt(html: Buffer, opening: string): Generator<{ from: number; to: number; text: string }> {
  for (let from = html.indexOf(opening); from !== -1; from = html.indexOf(opening, from + 1)) {
    const close = html.indexOf('>', from);
    if (close === -1) return;
    yield { from, to: close + 1, text: html.toString('utf8', from, close + 1) };
  }
}

function applied(html: Buffer, edits: Edit[]): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits.sort((a, b) => a.from - b.from)) {
    parts.push(html.subarray(at, edit.from), Buffer.from(edit.text));
    at = edit.to;
  }
  parts.push(html.subarray(at));
  return parts.filter((part) => part.length > 0);
}
