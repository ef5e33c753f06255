import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { treeCpuSeconds } from './cpu-time.ts';

describe('CPU time of a process tree', () => {
  it('counts a child that is running and one that has ended and been reaped', async () => {
    // A shell (the tree's root) that runs one busy child to its end, then another that stays.
    const busy = 'const end = Date.now() + 400; while (Date.now() < end);';
    const root = spawn(
      'sh',
      ['-c', `"${process.execPath}" -e '${busy}'; "${process.execPath}" -e '${busy}; setInterval(() => {}, 1000)'`],
      { detached: true },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // Two children of about 0.4 s each: the first ended (the shell's reaped children), the
      // second still alive below it.
      const seconds = treeCpuSeconds(root.pid);
      expect(seconds).toBeGreaterThan(0.6);
      expect(seconds).toBeLessThan(3);
    } finally {
      // The whole group: the shell and the child still running.
      if (root.pid) process.kill(-root.pid, 'SIGKILL');
    }
    expect(treeCpuSeconds(undefined)).toBe(0);
  });
});
