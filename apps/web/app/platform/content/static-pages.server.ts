import { Marked, type Tokens } from 'marked';
import { DEFAULT_LOCALE, findLocale, type LocaleCode, localizePath } from '../i18n/locales.ts';
import type { StaticPage, StaticPageContent } from './static-pages.ts';

/**
 * The information pages' texts: Markdown with a front matter of `title` and `description`,
 * bundled into the server build and rendered to HTML here, so no Markdown parser reaches the
 * browser. The texts are ours, yet raw HTML in them is shown as text, never rendered, and a
 * link may only lead to our own pages or to http(s), mailto: and tel: addresses.
 */
const SOURCES = import.meta.glob<string>('./pages/*/*.md', { eager: true, query: '?raw', import: 'default' });

export interface StoredPage {
  locale: string;
  page: string;
  title: string;
  description: string;
  body: string;
}

/** `---\ntitle: …\ndescription: …\n---\nbody`; values may be quoted. */
export function parsePage(path: string, source: string): StoredPage {
  const [, locale = '', file = ''] = /\/pages\/([^/]+)\/([^/]+)\.md$/.exec(path) ?? [];
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${path}: no front matter`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = (field[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    fields.set(field[1] ?? '', value);
  }
  const title = fields.get('title');
  const description = fields.get('description');
  if (!title || !description) throw new Error(`${path}: the front matter needs a title and a description`);
  return { locale, page: file, title, description, body: match[2] ?? '' };
}

const PAGES = new Map<string, StoredPage>();
for (const [path, source] of Object.entries(SOURCES)) {
  const page = parsePage(path, source);
  PAGES.set(`${page.locale}/${page.page}`, page);
}

/** A page as written in one locale, without fallback (for completeness checks). */
export function storedPage(locale: string, page: string): StoredPage | undefined {
  return PAGES.get(`${locale}/${page}`);
}

/**
 * Where a locale's pages come from, nearest first, always ending in English: the locale, then
 * its `fallback` chain when the locale list defines one (ln → fr → en).
 */
export function contentChain(code: string): string[] {
  const chain: string[] = [];
  for (let next: string | null | undefined = code; next && !chain.includes(next); ) {
    chain.push(next);
    next = (findLocale(next) as { fallback?: string | null } | undefined)?.fallback;
  }
  if (!chain.includes(DEFAULT_LOCALE)) chain.push(DEFAULT_LOCALE);
  return chain;
}

const SAFE_LINK = /^(?:https?:|mailto:|tel:|#)/i;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A Markdown renderer for one interface locale: our own links stay in that locale. */
function markdownFor(locale: LocaleCode): Marked {
  return new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'link' && token.type !== 'image') return;
      const link = token as Tokens.Link | Tokens.Image;
      if (link.href.startsWith('/') && !link.href.startsWith('//')) link.href = localizePath(link.href, locale);
      else if (!SAFE_LINK.test(link.href)) link.href = '#';
    },
    renderer: {
      html: ({ text }) => escapeHtml(text),
    },
  });
}

const RENDERERS = new Map<LocaleCode, Marked>();

/** Markdown to HTML for pages shown in `locale`: raw HTML escaped, links checked and localized. */
export function renderMarkdown(markdown: string, locale: LocaleCode): string {
  let marked = RENDERERS.get(locale);
  if (!marked) {
    marked = markdownFor(locale);
    RENDERERS.set(locale, marked);
  }
  return marked.parse(markdown, { async: false });
}

const RENDERED = new Map<string, StaticPageContent>();

/** A page in the asked locale, or in the nearest locale of its chain that has it. */
export function loadStaticPage(page: StaticPage, locale: LocaleCode): StaticPageContent {
  const key = `${locale}/${page}`;
  const cached = RENDERED.get(key);
  if (cached) return cached;
  const stored = contentChain(locale)
    .map((code) => storedPage(code, page))
    .find((found) => found !== undefined);
  if (!stored) throw new Error(`The page "${page}" has no text, not even in English`);
  const content: StaticPageContent = {
    contentLocale: stored.locale,
    contentDir: findLocale(stored.locale)?.dir ?? 'ltr',
    title: stored.title,
    description: stored.description,
    html: renderMarkdown(stored.body, locale),
  };
  RENDERED.set(key, content);
  return content;
}
