/**
 * What a listing's form reads and writes in more than one place: a field as typed, and a field
 * of one item a line (steps, ingredients, what is included). A text in the form's language is
 * `textIn` (platform/i18n/localized-text.ts), shared with the offers and the audit log.
 */

/** A form field as typed, trimmed; empty when absent or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A field of one thing a line: its lines trimmed, the empty ones dropped. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A whole number of up to four digits, at most `max`; undefined for anything else. */
export function wholeNumber(text: string, max: number): number | undefined {
  return /^\d{1,4}$/.test(text) && Number(text) <= max ? Number(text) : undefined;
}
