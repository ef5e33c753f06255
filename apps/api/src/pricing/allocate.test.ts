import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';

describe('allocate', () => {
  it('shares out in proportion, in whole units that add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1_001, [2_000, 8_000])).toEqual([200, 801]);
    expect(allocate(7, [0, 5])).toEqual([0, 7]);
  });

  it('gives nothing when there is nothing to share or no weight', () => {
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(50, [0, 0])).toEqual([0, 0]);
  });
});
