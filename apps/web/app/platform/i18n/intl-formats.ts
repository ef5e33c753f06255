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
  return kept('date', tag, options, () => new Intl.DateTimeFormat(tag, options));
}

export function relativeTimeFormat(tag: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return kept('relative', tag, options, () => new Intl.RelativeTimeFormat(tag, options));
}

export function numberFormat(tag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', tag, options, () => new Intl.NumberFormat(tag, options));
}
