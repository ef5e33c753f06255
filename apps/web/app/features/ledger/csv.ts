/**
 * One CSV field as spreadsheets read it: quoted when it holds a comma, a quote or a line break;
 * text that a spreadsheet would run as a formula (a shop named "=HYPERLINK(…)") starts with an
 * apostrophe. Numbers we write ourselves ("-12.5") are left alone.
 */
export function csvField(value: string, { number = false } = {}): string {
  const safe = !number && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of fields → a CSV file's text, CRLF line ends (RFC 4180), one after the last row too. */
export function csvOf(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}

/** The answer of a CSV download: never cached, saved under `filename`. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
