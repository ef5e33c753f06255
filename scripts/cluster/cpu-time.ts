/**
 * CPU time the cluster's processes spent, from /proc: a process and all its descendants (a
 * PostgreSQL server is a postmaster and a backend per connection), in seconds of one core.
 * Capacity is counted in these: requests served per CPU-second of each tier.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Cluster } from './cluster.ts';
import { serverPid } from './probes.ts';

/** Linux's clock ticks per second (USER_HZ), 100 on every architecture Debian ships. */
const TICKS_PER_SECOND = 100;

function ownTicks(pid: number): number {
  try {
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime and cstime are fields 14–17 of the whole line (12–15 after the
    // command): the process's own time and that of its children it has reaped (a PostgreSQL
    // backend that ended takes its time to the postmaster's cutime, not out of the count).
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(' ').map(Number));
    }
  } catch {
    // Gone meanwhile.
  }
  return children;
}

/** CPU seconds of `pid` and every process below it, alive now. */
export function treeCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  let ticks = 0;
  const seen = new Set<number>();
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (seen.has(next)) continue;
    seen.add(next);
    ticks += ownTicks(next);
    stack.push(...childrenOf(next));
  }
  return ticks / TICKS_PER_SECOND;
}

export type Tier = 'api' | 'web' | 'postgres' | 'nginx' | 'redis';

/** CPU seconds per tier now, ended processes included (as their parent's reaped children). */
export function tierCpuSeconds(cluster: Cluster, redisPid: number | undefined): Record<Tier, number> {
  const sum = (pids: (number | undefined)[]) => pids.reduce<number>((total, pid) => total + treeCpuSeconds(pid), 0);
  return {
    api: sum(cluster.apis.map((api) => api.pid)),
    web: sum(cluster.webs.map((web) => web.pid)),
    postgres: sum([serverPid(cluster, 'pg-primary'), serverPid(cluster, 'pg-replica')]),
    nginx: sum([serverPid(cluster, 'nginx')]),
    redis: sum([redisPid]),
  };
}

/** What each tier spent between two readings. */
export function spent(before: Record<Tier, number>, after: Record<Tier, number>): Record<Tier, number> {
  return {
    api: after.api - before.api,
    web: after.web - before.web,
    postgres: after.postgres - before.postgres,
    nginx: after.nginx - before.nginx,
    redis: after.redis - before.redis,
  };
}
