import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';

/** What was typed, kept when the form comes back (a chosen photo cannot be). */
export interface ReportValues {
  note: string;
  /** Per order line: the quantity typed ('' for none) and the reason chosen. */
  quantities: Record<string, string>;
  reasons: Record<string, string>;
}

/** `line:<order line id>` beside a line, `lines` for the list as a whole, `note`, `photo`, `form`. */
export type ReportField = `line:${string}` | 'lines' | 'note' | 'photo';
export type ReportOutcome = FormOutcome<ReportValues, ReportField>;

/** The field names of a line's inputs. */
export const quantityField = (lineId: string) => `quantity:${lineId}`;
export const reasonField = (lineId: string) => `reason:${lineId}`;
