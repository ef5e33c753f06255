import { describe, expect, it } from 'vitest';
import { createExpansionCache } from './expansion-cache.ts';

const START = new Date('2026-11-24T09:30:00Z');

describe('the expansion cache', () => {
  it('keeps a word for ttlMs, then asks again', () => {
    let now = START;
    const cache = createExpansionCache({ ttlMs: 60_000, now: () => now });
    cache.set('jolof', ['jollof']);
    now = new Date(START.getTime() + 59_999);
    expect(cache.get('jolof')).toEqual(['jollof']);
    now = new Date(START.getTime() + 60_000);
    expect(cache.get('jolof')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a word the catalog lacks, so a listing that adds it is found at once', () => {
    const cache = createExpansionCache({ now: () => START });
    cache.set('zzzz', []);
    expect(cache.get('zzzz')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most max words, letting the least recently used go', () => {
    const cache = createExpansionCache({ max: 2, now: () => START });
    cache.set('ugali', ['ugali']);
    cache.set('pilau', ['pilau']);
    expect(cache.get('ugali')).toEqual(['ugali']);
    cache.set('chai', ['chai']);
    expect(cache.size).toBe(2);
    expect(cache.get('pilau')).toBeUndefined();
    expect(cache.get('ugali')).toEqual(['ugali']);
    expect(cache.get('chai')).toEqual(['chai']);
  });

  it("hands out copies: a caller's change never reaches the next search", () => {
    const cache = createExpansionCache({ now: () => START });
    cache.set('nyama', ['nyama', 'nyuma']);
    cache.get('nyama')?.push('yama');
    expect(cache.get('nyama')).toEqual(['nyama', 'nyuma']);
  });
});
