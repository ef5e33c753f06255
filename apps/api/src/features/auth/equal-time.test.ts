import { describe, expect, it } from 'vitest';
import { inEqualTime } from './equal-time.ts';

const floor = (answerFloorMs: number, wait: (ms: number) => Promise<unknown>) => ({ config: { answerFloorMs }, wait });

describe('inEqualTime', () => {
  it('waits out what is left of the floor after the work, whether it succeeds or fails', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    expect(await inEqualTime(floor(200, sleep), async () => 'done')).toBe('done');
    await expect(
      inEqualTime(floor(200, sleep), async () => {
        throw new Error('wrong code');
      }),
    ).rejects.toThrow('wrong code');
    expect(slept).toHaveLength(2);
    for (const ms of slept) {
      expect(ms).toBeGreaterThan(150);
      expect(ms).toBeLessThanOrEqual(200);
    }
  });

  it('does not wait when the work took the floor or longer, or the floor is 0', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    await inEqualTime(floor(0, sleep), async () => 'done');
    await inEqualTime(floor(5, sleep), () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(slept).toEqual([]);
  });
});
