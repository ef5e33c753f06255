import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IGNORED_HEADERS, KEYED_HEADERS, LIGHT_HEADERS, pageCacheKey } from './page-cache-key.server.ts';

const TOKEN = 'x'.repeat(43);
const browser = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';

function keyOf(path: string, headers: Record<string, string>): string | null {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return pageCacheKey(path, (name) => lower[name]);
}

describe('pageCacheKey', () => {
  it('is the same for shoppers who share the address and their preferences, whatever their CSRF token', () => {
    const a = keyOf('/food/meals?sortBy=price', {
      Cookie: `malewa_csrf=${TOKEN}; malewa_place=nairobi-cbd; malewa_theme=dark`,
      'User-Agent': browser,
    });
    const b = keyOf('/food/meals?sortBy=price', {
      Cookie: `malewa_theme=dark;malewa_place=nairobi-cbd; malewa_csrf=${'y'.repeat(43)}`,
      'User-Agent': browser,
    });
    // A crawler gets the same page, sent whole as every page is (entry.server.tsx).
    const crawler = keyOf('/food/meals?sortBy=price', {
      Cookie: `malewa_csrf=${TOKEN}; malewa_place=nairobi-cbd; malewa_theme=dark`,
      'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    expect(crawler).toBe(a);
  });

  it('differs with anything the page is made from', () => {
    const base = { Cookie: `malewa_csrf=${TOKEN}`, 'User-Agent': browser, Host: 'malewa.example' };
    const keys = [
      keyOf('/food/meals', base),
      keyOf('/food/meals?page=2', base),
      keyOf('/fr/food/meals', base),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_place=kigali` }),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_market=RW` }),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_theme=dark` }),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_radius=round` }),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_locale=ar` }),
      keyOf('/food/meals', { ...base, Cookie: `malewa_csrf=${TOKEN}; malewa_pages=light` }),
      // No token, or a broken one: the answer sets a new one.
      keyOf('/food/meals', { ...base, Cookie: '' }),
      keyOf('/food/meals', { ...base, Cookie: 'malewa_csrf=short' }),
      keyOf('/food/meals', { ...base, 'Save-Data': 'on' }),
      keyOf('/food/meals', { ...base, 'X-Forwarded-Proto': 'https' }),
      keyOf('/food/meals', { ...base, Host: 'other.example' }),
    ];
    expect(keys.every((key) => key !== null)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds whether the page is light, not the headers that say so', () => {
    const base = { Cookie: `malewa_csrf=${TOKEN}`, 'User-Agent': browser };
    const full = keyOf('/food/meals', base);
    const light = keyOf('/food/meals', { ...base, 'Save-Data': 'on' });
    expect(light).not.toBe(full);
    expect(keyOf('/food/meals', { ...base, ECT: '2g' })).toBe(light);
    expect(keyOf('/food/meals', { ...base, ECT: '3g', Downlink: '0.25' })).toBe(light);
    expect(keyOf('/food/meals', { ...base, Downlink: '0.4' })).toBe(light);
    expect(keyOf('/food/meals', { ...base, ECT: '4g', Downlink: '1.55' })).toBe(full);
  });

  it('is null when the page may be the shopper’s own', () => {
    for (const cookie of [
      `malewa_csrf=${TOKEN}; malewa_access=abc`,
      'malewa_refresh=abc',
      'malewa_cart=abc',
      'malewa_notice=saved',
      'malewa_flow=abc',
      'someone_elses=1',
      'malewa_place=kigali; malewa_place=harare',
    ]) {
      expect(keyOf('/food/meals', { Cookie: cookie }), cookie).toBeNull();
    }
  });
});

describe('the headers pages are made from', () => {
  const appRoot = fileURLToPath(new URL('../../../', import.meta.url));

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'build' ? [] : sources(path);
      // Tests and their helpers (`*.testing.ts`) make no page.
      return /\.tsx?$/.test(entry.name) && !/\.test(?:ing)?\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  // Reads whose name is not written where they are read: the CSRF header (x-csrf-token, in
  // IGNORED_HEADERS), a document's headers passed on from the API's response, and the request
  // id (x-request-id, in IGNORED_HEADERS), the light pages' headers (read by name in
  // light-pages.server.ts), and the page cache's own key, which reads the keyed headers by name.
  const READS_BY_VARIABLE = [
    'app/root.tsx',
    'app/platform/http/page-cache-key.server.ts',
    'app/platform/session/csrf.server.ts',
    'app/routes/operator/application-document.ts',
    'server/app.ts',
    'server/web-metrics.ts',
  ];

  it('are each keyed or known not to change a kept page', () => {
    const known = new Set<string>([...KEYED_HEADERS, ...LIGHT_HEADERS, ...IGNORED_HEADERS]);
    const unknown: string[] = [];
    const files = [...sources(join(appRoot, 'app')), ...sources(join(appRoot, 'server'))];
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const name = relative(appRoot, file);
      for (const match of text.matchAll(
        /\b(?:headers\.get|req\.get|req\.header|header)\(\s*(?:'([^']+)'|"([^"]+)"|(\w+))/g,
      )) {
        const header = (match[1] ?? match[2])?.toLowerCase();
        if (header === undefined) {
          if (!READS_BY_VARIABLE.includes(name)) unknown.push(`${name}: headers.get(${match[3]})`);
        } else if (!known.has(header)) unknown.push(`${name}: ${header}`);
      }
      for (const match of text.matchAll(/headers\['([^']+)'\](?!\s*=[^=])/g)) {
        const header = (match[1] ?? '').toLowerCase();
        if (!known.has(header)) unknown.push(`${name}: ${header}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
