import { describe, expect, it } from 'vitest';
import { windowsByDay } from './schedule-times.ts';

describe('delivery windows', () => {
  it('are grouped by their day on the market’s clock and read by their times', () => {
    // 20:30 and 21:00 UTC are 23:30 and 00:00 in Nairobi (UTC+3).
    const days = windowsByDay(
      ['2026-11-27T19:30:00Z', '2026-11-27T20:00:00Z', '2026-11-27T20:30:00Z', '2026-11-27T21:00:00Z'],
      30,
      'Africa/Nairobi',
      'en',
      'KE',
    );
    expect(days.map((day) => day.windows.length)).toEqual([3, 1]);
    const labels = days.flatMap((day) => day.windows.map((window) => window.label));
    expect(labels[0]).toMatch(/^22:30\s*–\s*23:00$/);
    // The last window of the day ends at midnight: still two times, no dates.
    expect(labels[2]).toMatch(/^23:30\s*–\s*00:00$/);
    expect(labels[3]).toMatch(/^00:00\s*–\s*00:30$/);
  });

  it('write a window across midnight in the page’s language as its others', () => {
    const [day] = windowsByDay(['2026-11-27T20:00:00Z', '2026-11-27T20:30:00Z'], 30, 'Africa/Nairobi', 'fr', 'KE');
    const [before, across] = day?.windows.map((window) => window.label) ?? [];
    expect(across).not.toMatch(/2026/);
    // The same separator between the two times.
    expect(across?.replace(/\d/g, '')).toBe(before?.replace(/\d/g, ''));
  });
});
