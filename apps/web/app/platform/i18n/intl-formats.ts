/**
 * Intl formatters, kept per kind, language tag and options for the process (or the tab).
 * Making one costs about a hundred times using one (some 20–50 µs), and pages format a date
 * per order, notification or booking they list. A formatter is only ever read, so sharing one
 * between requests is safe. The set of tags and options is small (our languages × markets ×
 * a few styles); past `MAX_KEPT` the lot is dropped rather than grow without end.
 */
const MAX_KEPT = 500;
const KEPT = new Map<string, unknown>();

function kept<T>(kind: string, tag: string, options: object, make: () => T): T {
  const key = `${kind} ${tag} ${JSON.stringify(options)}`;
  let format = KEPT.get(key) as T | undefined;
  if (format === undefined) {
    format = make();
    if (KEPT.size >= MAX_KEPT) KEPT.clear();
    KEPT.set(key, format);
  }
  return format;
}

export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept('date', tag, options, () => {
    const format = new Intl.DateTimeFormat(tag, options);
    return format.formatToParts(PROBE).some(isGluedComma) ? new SpacedDateTimeFormat(tag, options) : format;
  });
}

/**
 * CLDR glues a comma to what follows it in a few patterns: English in Zimbabwe writes its
 * medium dates "23 Nov,2026" ("dd MMM,y"), so a ZW offer read "23 Nov,2026, 20:49". A formatter
 * with such a pattern gives the comma its space back in everything it writes; the others are
 * Intl's own, untouched.
 */
const PROBE = new Date(Date.UTC(2026, 10, 23, 18, 49));
const isGluedComma = (part: { type: string; value: string }) => part.type === 'literal' && part.value.endsWith(',');
const spaced = <T extends { type: string; value: string }>(parts: T[]): T[] =>
  parts.map((part) => (isGluedComma(part) ? { ...part, value: `${part.value} ` } : part));
const joined = (parts: { value: string }[]) => parts.map((part) => part.value).join('');

class SpacedDateTimeFormat extends Intl.DateTimeFormat {
  override formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
    return spaced(super.formatToParts(date));
  }
  override format(date?: Date | number): string {
    return joined(this.formatToParts(date));
  }
  override formatRangeToParts(start: Date | number, end: Date | number): Intl.DateTimeRangeFormatPart[] {
    return spaced(super.formatRangeToParts(start, end));
  }
  override formatRange(start: Date | number, end: Date | number): string {
    return joined(this.formatRangeToParts(start, end));
  }
}

export function relativeTimeFormat(tag: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return kept('relative', tag, options, () => new Intl.RelativeTimeFormat(tag, options));
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', tag, options, () => new Intl.NumberFormat(tag, options));
}
