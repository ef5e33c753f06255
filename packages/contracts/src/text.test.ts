import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { multiLine, pastDate, singleLine } from './text.ts';

describe('singleLine', () => {
  it('takes any printable text, in any script', () => {
    for (const text of ['Amani', 'Ngozi Ọ̀kọ́', 'محمد', '+254 712 345 678', '']) {
      expect(singleLine().safeParse(text).success, text).toBe(true);
    }
  });

  it.each(['A\u0000', '\u0007bell', 'two\nlines', 'tab\there', '\u007f', '\u0085next line', '\u009b'])(
    'refuses control characters (%j)',
    (text) => {
      const parsed = singleLine().safeParse(text);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/control characters/);
    },
  );
});

describe('multiLine', () => {
  it('keeps line breaks and tabs, and refuses other control characters', () => {
    expect(multiLine().safeParse('Dear Malewa,\r\n\tmy order…').success).toBe(true);
    expect(multiLine().safeParse('bad\u0000byte').success).toBe(false);
    expect(multiLine().safeParse('escape\u001b[31m').success).toBe(false);
  });
});

describe('pastDate', () => {
  // 22:30 UTC on 26 November: already the 27th in Nairobi (UTC+3) and in Kiribati (UTC+14).
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T22:30:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes dates from 1900 to today, today being the person's own wherever they are", () => {
    for (const date of ['1900-01-01', '1990-05-17', '2026-11-26', '2026-11-27']) {
      expect(pastDate().safeParse(date).success, date).toBe(true);
    }
  });

  it.each(['0000-01-01', '1899-12-31', '2026-11-28', '9999-12-31', '2024-02-30', '17-05-1990'])(
    'refuses %s with a field message',
    (date) => {
      expect(pastDate().safeParse(date).success).toBe(false);
    },
  );
});
