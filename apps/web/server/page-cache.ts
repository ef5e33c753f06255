import type { Request, RequestHandler, Response } from 'express';

/**
 * A short-lived cache of whole pages for shoppers who are not signed in (decision 26).
 *
 * A catalog page costs the storefront some ten times the CPU of the API answer it shows,
 * almost all of it React rendering the same elements for every shopper who asks for the same
 * address with the same preferences. The API already lets anyone keep its anonymous catalog
 * answers for a minute (`Cache-Control: public, max-age=60`); this keeps the page made from
 * them for `ttlMs`, so a busy page is rendered once per few seconds instead of per visit.
 *
 * What differs between two answers of the same page is each response's own secrets: the CSP
 * nonce and the shopper's CSRF token. A page is kept with those cut out, and each answer from
 * the cache has the asking request's own put back (`secretsOf` / `freshSecrets`), in the body
 * and in the headers (the CSRF cookie).
 *
 * `keyOf` decides what may be kept: it returns null for any request whose answer could be
 * someone's alone (signed in, a cart, a notice) and otherwise everything the page is made
 * from. Only a complete 200 of HTML or of a navigation's data is kept. A form sent through
 * this process (a listing saved, an application approved) empties the cache: whoever changed
 * something sees it at once; a change made elsewhere shows within `ttlMs`.
 */
export interface PageCacheOptions {
  /** How long a kept page is served; 0 turns the cache off. */
  ttlMs: number;
  /** The most the kept pages may hold, in bytes of text (UTF-16, as JavaScript holds it). */
  maxBytes: number;
  /** Null: not to be kept or served from the cache. Otherwise what the answer depends on. */
  keyOf(req: Request): string | null;
  /** The secrets of the response just sent (same order as `freshSecrets`). */
  secretsOf(req: Request, res: Response): readonly string[];
  /** The secrets a response from the cache carries: this request's own. */
  freshSecrets(req: Request, res: Response): readonly string[];
  /** Each lookup of a page that may be kept: served from the cache (hit) or rendered (miss). */
  count?: (outcome: 'hit' | 'miss') => void;
  now?: () => number;
}

/** A text with the secrets cut out: strings[0], secret slots[0], strings[1], … */
interface Template {
  strings: string[];
  slots: number[];
}

/** A kept answer: always a 200 (nothing else is kept). */
interface Entry {
  headers: [name: string, value: Template | Template[]][];
  body: Template;
  bytes: number;
  expires: number;
}

/** A page larger than this is not kept (a catalog page is some 50 KB of HTML). */
const MAX_PAGE_BYTES = 1_000_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const KEPT_TYPES = /^(text\/html|text\/x-script)\b/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateOf(text: string, cut: RegExp | null, secrets: readonly string[]): Template {
  if (cut === null) return { strings: [text], slots: [] };
  const pieces = text.split(cut);
  const strings: string[] = [];
  const slots: number[] = [];
  // With a capturing group, split puts each secret found between the texts around it.
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) strings.push(pieces[i] ?? '');
    else slots.push(secrets.indexOf(pieces[i] ?? ''));
  }
  return { strings, slots };
}

function fill(template: Template, secrets: readonly string[]): string {
  if (template.slots.length === 0) return template.strings[0] ?? '';
  let text = template.strings[0] ?? '';
  for (let i = 0; i < template.slots.length; i++) {
    text += (secrets[template.slots[i] ?? -1] ?? '') + (template.strings[i + 1] ?? '');
  }
  return text;
}

function templateBytes(template: Template): number {
  let bytes = 0;
  for (const part of template.strings) bytes += part.length * 2;
  return bytes;
}

export function pageCache(options: PageCacheOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Bumped by every form sent through here, when it arrives and when it is answered: a page
  // rendered across a change is not kept.
  let generation = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function clear(): void {
    generation++;
    entries.clear();
    bytes = 0;
  }

  function keep(key: string, entry: Entry): void {
    forget(key);
    if (entry.bytes > options.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // A Map iterates in insertion order, and a page served is re-inserted: the first is the
    // least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      forget(oldest);
    }
  }

  function serve(entry: Entry, req: Request, res: Response): void {
    const secrets = options.freshSecrets(req, res);
    res.status(200);
    for (const [name, value] of entry.headers) {
      res.setHeader(name, Array.isArray(value) ? value.map((each) => fill(each, secrets)) : fill(value, secrets));
    }
    res.end(fill(entry.body, secrets));
  }

  /** Watches the answer being written and keeps it once it is complete. */
  function capture(key: string, req: Request, res: Response): void {
    const startedIn = generation;
    const before = new Map(res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]));
    const chunks: Buffer[] = [];
    let size = 0;
    let headers: [string, number | string | string[]][] | null = null;
    let refused = false;

    const snapshot = () => {
      if (headers !== null) return;
      // What our own middleware set before the page (security headers with this response's
      // nonce) is set again for every request; what the page set or changed is kept.
      headers = [];
      for (const name of res.getHeaderNames()) {
        const value = res.getHeader(name);
        if (value !== undefined && before.get(name) !== String(value)) headers.push([name, value]);
      }
      const type = String(res.getHeader('content-type') ?? '');
      if (res.statusCode !== 200 || !KEPT_TYPES.test(type)) refused = true;
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (refused || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_PAGE_BYTES) {
        refused = true;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };

    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      snapshot();
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response['write'];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      snapshot();
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response['end'];

    res.once('finish', () => {
      if (refused || headers === null || generation !== startedIn) return;
      const secrets = options.secretsOf(req, res);
      const present = secrets.filter((secret) => secret.length > 0);
      const cut = present.length > 0 ? new RegExp(`(${present.map(escapeRegExp).join('|')})`) : null;
      const body = templateOf(Buffer.concat(chunks).toString('utf8'), cut, secrets);
      let entryBytes = templateBytes(body);
      const kept: Entry['headers'] = [];
      for (const [name, value] of headers) {
        if (name === 'content-length' || name === 'transfer-encoding') continue;
        const template = Array.isArray(value)
          ? value.map((each) => templateOf(each, cut, secrets))
          : templateOf(String(value), cut, secrets);
        for (const each of Array.isArray(template) ? template : [template]) entryBytes += templateBytes(each);
        kept.push([name, template]);
      }
      keep(key, { headers: kept, body, bytes: entryBytes, expires: now() + options.ttlMs });
    });
  }

  return (req, res, next) => {
    if (options.ttlMs <= 0) return next();
    if (!SAFE_METHODS.has(req.method)) {
      clear();
      res.once('finish', clear);
      return next();
    }
    if (req.method !== 'GET') return next();
    const key = options.keyOf(req);
    if (key === null) return next();
    const entry = entries.get(key);
    if (entry && entry.expires > now()) {
      entries.delete(key);
      entries.set(key, entry);
      options.count?.('hit');
      serve(entry, req, res);
      return;
    }
    options.count?.('miss');
    if (entry) forget(key);
    capture(key, req, res);
    next();
  };
}
