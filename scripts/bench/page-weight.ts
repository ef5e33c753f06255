/**
 * A page's weight as the production server sends it: the HTML, the stylesheets, scripts and
 * texts it asks for, in bytes on the wire (brotli where served). The benches print it beside
 * the targets (web-pages.ts); e2e/page-weight.spec.ts holds the catalog's pages to them, so a
 * change that outgrows the budget fails in CI, not only in the next bench run.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** The page targets of issues 3 and 11, printed beside the figures. */
export const TARGETS = {
  firstRoundTripBytes: 14 * 1024,
  appJsBytes: 25 * 1024,
  firstScreenImageBytes: 60 * 1024,
  performance: 95,
  accessibility: 100,
  /** Issue 35's for the catalog's list and item pages: Lighthouse mobile's score and LCP. */
  catalogPerformance: 100,
  catalogLcpMs: 1200,
};

export interface Transfer {
  status: number;
  bytes: number;
  encoding: string;
  body: string;
}

/**
 * GETs a URL as a browser would and counts the bytes on the wire (not decompressed); `headers`
 * adds a shopper's cookies for the pages that are theirs (a cart, a checkout).
 */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const sent = { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*', ...headers };
    const req = request(url, { headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        resolve({ status: res.statusCode ?? 0, bytes: raw.length, encoding, body: decode(raw, encoding) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(raw: Buffer, encoding: string): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/**
 * The stylesheets, scripts and texts (message bundles) the HTML asks for before or at
 * hydration. A stylesheet in the head holds back the first paint; one in the body only what
 * follows it (styles/later.css, before the footer), so it is "later CSS", not the first round trip's.
 */
function assetsOf(html: string): { css: string[]; laterCss: string[]; js: string[]; texts: string[] } {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const headEnd = html.indexOf('</head>');
  const css = new Set<string>();
  const laterCss = new Set<string>();
  const js = new Set<string>();
  const texts = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const [tag] = match;
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'stylesheet') (match.index < headEnd ? css : laterCss).add(href);
    if (rel === 'modulepreload') js.add(href);
    // `x-after-load`: preloaded once the page has loaded (decision 40).
    if ((rel === 'preload' || rel === 'x-after-load') && attribute(tag, 'as') === 'fetch') texts.add(href);
  }
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) if (src) js.add(src);
  // The scripts held until the page has loaded (decision 40) list their preloads in the held module.
  for (const [, list] of html.matchAll(/data-preload="([^"]+)"/g)) {
    for (const href of list?.split(' ') ?? []) js.add(href);
  }
  // React Router's inline module script imports the manifest and the entry; count them too.
  for (const [, specifier] of html.matchAll(/import\s*\(?\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) {
    if (specifier) js.add(specifier);
  }
  return { css: [...css], laterCss: [...laterCss], js: [...js], texts: [...texts] };
}

/**
 * React, React DOM and React Router (the build's `framework` chunk), their entry, the bundler's
 * runtime and what starts them after load (decision 40): what loads a page's code, not the code.
 */
const isFramework = (path: string) =>
  /\/(entry\.client|framework|rolldown-runtime|scripts-after-load)-[^/]+\.js$/.test(path);

export interface PageWeight {
  path: string;
  htmlBytes: number;
  cssBytes: number;
  /** Stylesheets linked in the body: fetched at once, but holding back only what follows them. */
  laterCssBytes: number;
  frameworkJsBytes: number;
  appJsBytes: number;
  /** The page's texts, fetched beside the scripts (not needed for the first paint). */
  textBytes: number;
  files: { path: string; bytes: number; encoding: string }[];
}

export async function weigh(origin: string, path: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const html = await fetchRaw(`${origin}${path}`, headers);
  if (html.status !== 200) throw new Error(`${path} answered ${html.status}`);
  const assets = assetsOf(html.body);
  const files: PageWeight['files'] = [];
  /** Fetches the files one after the other, as listed, and says how many bytes they came to. */
  const bytesOf = async (hrefs: string[]) => {
    let bytes = 0;
    for (const href of hrefs) {
      const file = await fetchRaw(new URL(href, origin).href);
      bytes += file.bytes;
      files.push({ path: href, bytes: file.bytes, encoding: file.encoding });
    }
    return bytes;
  };
  const cssBytes = await bytesOf(assets.css);
  const laterCssBytes = await bytesOf(assets.laterCss);
  const frameworkJsBytes = await bytesOf(assets.js.filter(isFramework));
  const appJsBytes = await bytesOf(assets.js.filter((href) => !isFramework(href)));
  const textBytes = await bytesOf(assets.texts);
  return { path, htmlBytes: html.bytes, cssBytes, laterCssBytes, frameworkJsBytes, appJsBytes, textBytes, files };
}
