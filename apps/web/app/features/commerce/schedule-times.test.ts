import { describe, expect, it } from 'vitest';
import { deliveryWindows } from './schedule-times.ts';

const NAIROBI = { timeZone: 'Africa/Nairobi', language: 'en', market: 'KE' } as const;
// 19:30 to 21:00 UTC are 22:30 to 00:00 in Nairobi (UTC+3): three windows on the 27th, one on the 28th.
const SLOTS = ['2026-11-27T19:30:00Z', '2026-11-27T20:00:00Z', '2026-11-27T20:30:00Z', '2026-11-27T21:00:00Z'];

describe('delivery windows', () => {
  it('list the days on the market’s clock and write out the first day’s windows by their times', () => {
    const view = deliveryWindows(SLOTS, 30, NAIROBI);
    expect(view.days.map((day) => day.key)).toEqual(['2026-11-27', '2026-11-28']);
    expect(view.days[0]?.label).toMatch(/Friday.*27.*November/);
    expect(view.day).toBe('2026-11-27');
    expect(view.starts).toEqual(SLOTS.slice(0, 3));
    expect(view.labels).toHaveLength(3);
    expect(view.labels[0]).toMatch(/^22:30\s*–\s*23:00$/);
    // The last window of the day ends at midnight: still two times, no dates.
    expect(view.labels[2]).toMatch(/^23:30\s*–\s*00:00$/);
  });

  it('write out only the day asked for, else the day of the window kept, else the first', () => {
    const asked = deliveryWindows(SLOTS, 30, NAIROBI, { wanted: '2026-11-28' });
    expect(asked.day).toBe('2026-11-28');
    expect(asked.starts).toEqual(['2026-11-27T21:00:00Z']);
    expect(asked.labels).toEqual([expect.stringMatching(/^00:00\s*–\s*00:30$/)]);
    const kept = deliveryWindows(SLOTS, 30, NAIROBI, { wanted: '2026-12-01', kept: '2026-11-27T21:00:00Z' });
    expect(kept.day).toBe('2026-11-28');
    // A day with no windows, or text that is no date, is not a choice.
    expect(deliveryWindows(SLOTS, 30, NAIROBI, { wanted: '2026-12-01', kept: 'soon' }).day).toBe('2026-11-27');
  });

  it('have no day when there is no window', () => {
    expect(deliveryWindows([], 30, NAIROBI, { wanted: '2026-11-27' })).toEqual({
      days: [],
      day: '',
      starts: [],
      labels: [],
    });
  });

  it('write a window across midnight in the page’s language as its others', () => {
    const { labels } = deliveryWindows(['2026-11-27T20:00:00Z', '2026-11-27T20:30:00Z'], 30, {
      ...NAIROBI,
      language: 'fr',
    });
    const [before, across] = labels;
    expect(across).not.toMatch(/2026/);
    // The same separator between the two times.
    expect(across?.replace(/\d/g, '')).toBe(before?.replace(/\d/g, ''));
  });
});
