import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-formats.ts';

describe('kept Intl formatters', () => {
  it('hands back the same formatter for the same tag and options, and another for other ones', () => {
    const medium = dateTimeFormat('fr-RW', { dateStyle: 'medium', timeZone: 'Africa/Kigali' });
    expect(dateTimeFormat('fr-RW', { dateStyle: 'medium', timeZone: 'Africa/Kigali' })).toBe(medium);
    expect(dateTimeFormat('fr-RW', { dateStyle: 'long', timeZone: 'Africa/Kigali' })).not.toBe(medium);
    expect(dateTimeFormat('en-RW', { dateStyle: 'medium', timeZone: 'Africa/Kigali' })).not.toBe(medium);
    expect(relativeTimeFormat('sw', { numeric: 'auto' })).toBe(relativeTimeFormat('sw', { numeric: 'auto' }));
    expect(numberFormat('en', { maximumFractionDigits: 3 })).not.toBe(numberFormat('en', { maximumFractionDigits: 2 }));
  });

  it('formats as a new formatter of the same tag and options would', () => {
    const at = new Date(Date.UTC(2026, 11, 1, 15, 30));
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short', timeZone: 'Africa/Maputo' };
    expect(dateTimeFormat('pt-MZ', options).format(at)).toBe(new Intl.DateTimeFormat('pt-MZ', options).format(at));
    expect(relativeTimeFormat('ar', { numeric: 'auto' }).format(-1, 'day')).toBe(
      new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-1, 'day'),
    );
  });

  it('gives a comma CLDR glues to the year its space back ("23 Nov,2026" in English for Zimbabwe), and only that', () => {
    const at = new Date(Date.UTC(2026, 10, 23, 18, 49));
    const zimbabwe = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Harare' } as const;
    expect(new Intl.DateTimeFormat('en-ZW', zimbabwe).format(at)).toBe('23 Nov,2026, 20:49');
    expect(dateTimeFormat('en-ZW', zimbabwe).format(at)).toBe('23 Nov, 2026, 20:49');
    expect(dateTimeFormat('en-ZW', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).toBe('23 Nov, 2026');
    expect(
      dateTimeFormat('en-ZW', { dateStyle: 'medium', timeZone: 'UTC' })
        .formatToParts(at)
        .map((part) => part.value)
        .join(''),
    ).toBe('23 Nov, 2026');
    // A range's own pattern has no glued comma.
    expect(
      dateTimeFormat('en-ZW', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(at, at.getTime() + 86_400_000),
    ).toBe('23–24 Nov 2026');
    // Every other language and market of ours writes its dates as Intl does.
    for (const tag of ['en-ZA', 'en-KE', 'fr-RW', 'ar-ZA', 'pt-MZ', 'sw-KE', 'af-ZA', 'en-BW']) {
      expect(dateTimeFormat(tag, zimbabwe).format(at)).toBe(new Intl.DateTimeFormat(tag, zimbabwe).format(at));
    }
  });

  it('refuses a tag that is not one, as Intl does, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('not a tag')).toThrow(RangeError);
    expect(() => dateTimeFormat('not a tag')).toThrow(RangeError);
  });
});

describe('formatters made elsewhere', () => {
  const appRoot = fileURLToPath(new URL('../../', import.meta.url));
  // Each keeps its own per language tag: money with its written amounts, messages with their
  // plural rules, opening hours apart so that the catalog's chunk stays its own.
  const KEEP_THEIR_OWN = [
    'platform/money/format-money.ts',
    'platform/i18n/message-format.ts',
    'features/catalog/opening-hours.tsx',
  ];

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('are none: a page takes its date, relative-time and number formatters from here', () => {
    const made: string[] = [];
    const files = sources(appRoot);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const name = relative(appRoot, file);
      if (name === 'platform/i18n/intl-formats.ts' || KEEP_THEIR_OWN.includes(name)) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new Intl\.(DateTimeFormat|RelativeTimeFormat|NumberFormat)\(/g)) {
        made.push(`${name}: ${match[0]}`);
      }
    }
    expect(made).toEqual([]);
  });
});
