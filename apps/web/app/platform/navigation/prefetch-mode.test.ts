import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from './prefetch-mode.ts';

describe('prefetchAllowed', () => {
  it('prefetches on a fast connection and where the browser does not report one', () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '4g', saveData: false } })).toBe(true);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '3g' } })).toBe(true);
    expect(prefetchAllowed({ onLine: true })).toBe(true);
  });

  it('skips prefetching on 2G and slow 2G', () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
  });

  it('skips prefetching in data-saver mode, whatever the connection', () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '4g', saveData: true } })).toBe(false);
  });

  it('skips prefetching where nothing hovers: a touch is followed by its tap at once', () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '4g' }, canHover: false })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '4g' }, canHover: true })).toBe(true);
  });

  it('skips prefetching offline', () => {
    expect(prefetchAllowed({ onLine: false, connection: { effectiveType: '4g' } })).toBe(false);
  });
});
