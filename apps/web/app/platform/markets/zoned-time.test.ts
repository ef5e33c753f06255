import { describe, expect, it } from 'vitest';
import { instantOf, localOf } from './zoned-time.ts';

describe('wall-clock times of a market', () => {
  it('reads a local time as its instant, and shows an instant as local time', () => {
    expect(instantOf('2026-12-01T08:00', 'Africa/Nairobi')).toBe('2026-12-01T05:00:00.000Z');
    expect(instantOf('2026-12-01T08:00', 'Africa/Johannesburg')).toBe('2026-12-01T06:00:00.000Z');
    expect(localOf('2026-12-01T05:00:00.000Z', 'Africa/Nairobi')).toBe('2026-12-01T08:00');
    expect(instantOf('yesterday', 'Africa/Nairobi')).toBeUndefined();
  });
});
