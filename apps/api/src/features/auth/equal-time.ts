import { setTimeout as sleepFor } from 'node:timers/promises';
import type { AuthDeps } from './auth-deps.ts';

/**
 * Runs `work`, and answers (or fails) no sooner than `floorMs` after it began. The account
 * endpoints that must not tell whether an account exists (register, reset and verification
 * requests, code confirmation) do different database work on the two paths; under a floor
 * above what either path takes, the time of the answer says nothing (issue 10, decision 6).
 * A path that takes longer than the floor is answered as soon as it is done.
 */
export async function inEqualTime<T>(
  deps: { config: Pick<AuthDeps['config'], 'answerFloorMs'>; wait?: AuthDeps['wait'] },
  work: () => Promise<T>,
): Promise<T> {
  const floorMs = deps.config.answerFloorMs;
  const sleep = deps.wait ?? sleepFor;
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
