import { describe, expect, it } from 'vitest';
import { salesQueryOf } from './sales.server.ts';

describe('salesQueryOf', () => {
  it('ends the default range on the shop’s today, not UTC’s', () => {
    // 22:30 UTC on the 26th is 01:30 on the 27th in Nairobi and 00:30 in Johannesburg.
    const now = new Date('2026-11-26T22:30:00Z');
    const page = new URL('http://localhost/provider/sales');
    expect(salesQueryOf(page, 'KE', now).query).toEqual({ from: '2026-10-31', to: '2026-11-27', by: 'day' });
    expect(salesQueryOf(page, 'ZA', now).query.to).toBe('2026-11-27');
    expect(
      salesQueryOf(new URL('http://localhost/provider/sales'), 'KE', new Date('2026-11-26T20:30:00Z')).query.to,
    ).toBe('2026-11-26');
  });

  it('takes the range asked for, and falls back with the error shown when it is not one', () => {
    const asked = salesQueryOf(new URL('http://localhost/provider/sales?from=2026-11-01&to=2026-11-07&by=week'), 'KE');
    expect(asked).toMatchObject({ query: { from: '2026-11-01', to: '2026-11-07', by: 'week' }, invalid: false });
    expect(salesQueryOf(new URL('http://localhost/provider/sales?from=2026-11-07&to=2026-11-01'), 'KE').invalid).toBe(
      true,
    );
  });
});
