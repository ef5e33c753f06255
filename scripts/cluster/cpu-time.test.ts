import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { treeCpuSeconds } from './cpu-time.ts';

describe('CPU time of a process tree', () => {
  it('counts a child that is running and one that has ended and been reaped', async () => {
    // A shell (the tree's root) that runs one busy child to its end, then another that stays.
    // Each burns 0.4 s of its own CPU time, not of the clock: on a loaded machine a child
    // busy for 0.4 s of the clock may get a fraction of that on a core.
    const busy = 'for (let u = process.cpuUsage(); u.user + u.system < 400000; u = process.cpuUsage());';
    const root = spawn(
      'sh',
      [
        '-c',
        `"${process.execPath}" -e '${busy}'; "${process.execPath}" -e '${busy} console.log("burnt"); setInterval(() => {}, 1000)'`,
      ],
      { detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => root.stdout.once('data', resolve));
      // Two children of at least 0.4 s each: the first ended (the shell's reaped children),
      // the second still alive below it.
      const seconds = treeCpuSeconds(root.pid);
      expect(seconds).toBeGreaterThan(0.75);
      expect(seconds).toBeLessThan(3);
    } finally {
      // The whole group: the shell and the child still running.
      if (root.pid) process.kill(-root.pid, 'SIGKILL');
    }
    expect(treeCpuSeconds(undefined)).toBe(0);
  }, 30_000);
});
