import { describe, expect, it } from 'vitest';
import { formatWhen } from './notification-time.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatWhen', () => {
  it('says how long ago, in the language of the page', () => {
    expect(formatWhen(ago(5), NOW, 'en', 'Africa/Nairobi')).toBe('now');
    expect(formatWhen(ago(150), NOW, 'en', 'Africa/Nairobi')).toBe('2 minutes ago');
    expect(formatWhen(ago(3 * 3600), NOW, 'en', 'Africa/Nairobi')).toBe('3 hours ago');
    expect(formatWhen(ago(26 * 3600), NOW, 'en', 'Africa/Nairobi')).toBe('yesterday');
    expect(formatWhen(ago(150), NOW, 'fr', 'Africa/Nairobi')).toBe('il y a 2 minutes');
  });

  it('gives the date past a week, in the market time zone', () => {
    const late = '2026-11-01T22:30:00Z';
    expect(formatWhen(late, NOW, 'en', 'Africa/Nairobi')).toBe('Nov 2, 2026');
    expect(formatWhen(late, NOW, 'en', 'Africa/Johannesburg')).toBe('Nov 2, 2026');
    expect(formatWhen('2026-11-01T21:30:00Z', NOW, 'en', 'Africa/Johannesburg')).toBe('Nov 1, 2026');
  });

  it('treats a clock that runs behind the API as now', () => {
    expect(formatWhen(new Date(NOW + 5000).toISOString(), NOW, 'en', 'Africa/Nairobi')).toBe('now');
  });
});
