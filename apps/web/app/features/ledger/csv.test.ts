import { describe, expect, it } from 'vitest';
import { csvField, csvOf, csvResponse } from './csv.ts';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvField('Mama Oliech')).toBe('Mama Oliech');
    expect(csvField('Fish, chips & more')).toBe('"Fish, chips & more"');
    expect(csvField('The "best" kitchen')).toBe('"The ""best"" kitchen"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running a name as a formula, but not our own negative numbers', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+254 kitchen')).toBe("'+254 kitchen");
    expect(csvField('@home')).toBe("'@home");
    expect(csvField('-12.5', { number: true })).toBe('-12.5');
  });
});

describe('csvOf', () => {
  it('joins rows with CRLF and ends with one', () => {
    expect(
      csvOf([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });
});

describe('csvResponse', () => {
  it('is a private download under a safe file name', () => {
    const response = csvResponse('a\r\n', 'payouts-KE-2026-11-01-2026-11-30.csv');
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="payouts-KE-2026-11-01-2026-11-30.csv"',
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(csvResponse('', 'a"b;c.csv').headers.get('Content-Disposition')).toBe('attachment; filename="a_b_c.csv"');
  });
});
