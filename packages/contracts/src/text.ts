import { z } from 'zod';

/**
 * Free text from people, as every request schema takes it. PostgreSQL refuses NUL in text (a
 * 500, and the statement with its parameters in the log), and other control characters have
 * no business in a name or a message: they are refused with a field error. A line is a name,
 * a phone number, a search: no control character at all. Prose (a bio, a message) keeps its
 * line breaks and tabs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this text';

/** One line of text: `singleLine().trim().min(2)`. */
export function singleLine(error?: string) {
  return z.string(error).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE);
}

/** Prose: line breaks and tabs allowed, other control characters not. */
export function multiLine(error?: string) {
  return z.string(error).regex(CONTROL_BUT_LINE_BREAKS, CONTROL_CHARACTER_MESSAGE);
}

/** The furthest ahead of UTC any place's clock runs (Kiribati's Line Islands, UTC+14). */
const FURTHEST_AHEAD_MS = 14 * 3_600_000;

/**
 * A calendar date `YYYY-MM-DD` between 1900-01-01 and today: PostgreSQL takes neither year 0
 * nor dates past 5874897, and nobody alive was born before 1900 or after today. Today is the
 * person's own, which we do not know: a date is in the future only once it is so everywhere.
 * UTC's today refused today's date in Nairobi from 21:00 UTC.
 */
export function pastDate() {
  return z.iso
    .date('Use the form YYYY-MM-DD')
    .refine((value) => value >= '1900-01-01', 'Use a date from 1900 on')
    .refine(
      (value) => value <= new Date(Date.now() + FURTHEST_AHEAD_MS).toISOString().slice(0, 10),
      'Use a date that is not in the future',
    );
}
