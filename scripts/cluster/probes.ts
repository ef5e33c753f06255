/**
 * What the fault and soak runners read from a running cluster beside the mix: the processes'
 * /metrics, their memory, PostgreSQL's statement counters, /readyz over time, and nginx's
 * access log. Reads only.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cluster, NodeProcess, PgServer } from './cluster.ts';

/** The samples of one series in a Prometheus text page whose labels include `labels`, summed. */
export function metricValue(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of page.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== '{' && line[name.length] !== ' ')) continue;
    const labelText = line[name.length] === '{' ? line.slice(name.length + 1, line.indexOf('}')) : '';
    if (!Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

/** A process's /metrics page, or '' when it does not answer. */
export async function metricsOf(process: NodeProcess): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${process.metricsPort}/metrics`, {
      signal: AbortSignal.timeout(3000),
    });
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}

/** Resident memory of a process in MB (/proc/<pid>/status VmRSS), or undefined. */
export function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of a postmaster or of nginx's master now, from its pid file; undefined when stopped. */
export function serverPid(cluster: Cluster, server: 'pg-primary' | 'pg-replica' | 'nginx'): number | undefined {
  const file =
    server === 'nginx'
      ? join(cluster.dir, 'nginx', 'nginx.pid')
      : join(cluster.dir, 'pg', server === 'pg-primary' ? 'primary' : 'replica', 'postmaster.pid');
  try {
    return Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** The processes of a cluster whose memory is worth watching, by name, with their pids now. */
export function clusterPids(cluster: Cluster): { name: string; pid: number | undefined }[] {
  let redis: number | undefined;
  try {
    const port = new URL(cluster.redis.url).port;
    const info = execFileSync('redis-cli', ['-p', port, 'info', 'server'], { encoding: 'utf8', stdio: 'pipe' });
    redis = Number(/process_id:(\d+)/.exec(info)?.[1]) || undefined;
  } catch {
    redis = undefined;
  }
  return [
    ...cluster.apis.map((api) => ({ name: api.name, pid: api.pid })),
    ...cluster.webs.map((web) => ({ name: web.name, pid: web.pid })),
    // The postmasters only: each connection is a backend process of its own.
    { name: 'pg-primary', pid: serverPid(cluster, 'pg-primary') },
    { name: 'pg-replica', pid: serverPid(cluster, 'pg-replica') },
    { name: 'redis', pid: redis },
    { name: 'nginx', pid: serverPid(cluster, 'nginx') },
  ];
}

export interface PgCounters {
  /** pg_stat_database of `malewa`. */
  tupReturned: number;
  xactCommit: number;
  /** Sequential and index scans of `items` (the catalog's main table). */
  itemScans: number;
  at: number;
}

/** A server's counters now, or undefined when it does not answer. */
export function pgCounters(server: PgServer): PgCounters | undefined {
  try {
    const [tupReturned, xactCommit, itemScans] = server
      .psql(
        `select d.tup_returned, d.xact_commit,
           (select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) from pg_stat_user_tables where relname = 'items')
         from pg_stat_database d where d.datname = 'malewa'`,
      )
      .trim()
      .split('|')
      .map(Number);
    return { tupReturned: tupReturned ?? 0, xactCommit: xactCommit ?? 0, itemScans: itemScans ?? 0, at: Date.now() };
  } catch {
    return undefined;
  }
}

/** Counters per second between two readings. */
export function rates(before: PgCounters | undefined, after: PgCounters | undefined): string {
  if (!before || !after) return 'n/a (down)';
  const seconds = (after.at - before.at) / 1000;
  const per = (a: number, b: number) => ((b - a) / seconds).toFixed(0);
  return `${per(before.tupReturned, after.tupReturned)} rows returned/s, ${per(before.xactCommit, after.xactCommit)} commits/s, ${per(before.itemScans, after.itemScans)} scans of items/s`;
}

/** /readyz of each API process, every `everyMs`, on its own port: the moments it changed. */
export function watchReadiness(
  apis: readonly NodeProcess[],
  everyMs = 250,
): { stop(): { name: string; changes: { at: number; status: number }[] }[] } {
  const watched = apis.map((api) => ({ api, changes: [] as { at: number; status: number }[] }));
  let stopped = false;
  const poll = async (entry: (typeof watched)[number]) => {
    while (!stopped) {
      let status = 0;
      try {
        const response = await fetch(`http://127.0.0.1:${entry.api.port}/readyz`, {
          signal: AbortSignal.timeout(2000),
        });
        await response.body?.cancel();
        status = response.status;
      } catch {
        status = 0;
      }
      if (entry.changes.at(-1)?.status !== status) entry.changes.push({ at: Date.now(), status });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  for (const entry of watched) void poll(entry);
  return {
    stop() {
      stopped = true;
      return watched.map((entry) => ({ name: entry.api.name, changes: entry.changes }));
    },
  };
}

/** nginx's access-log lines (deploy/nginx/malewa.conf's `malewa` format) with one of `requestIds`. */
export function nginxLinesOf(cluster: Cluster, requestIds: readonly string[]): string[] {
  let log = '';
  try {
    log = readFileSync(join(cluster.dir, 'logs', 'nginx-access.log'), 'utf8');
  } catch {
    return [];
  }
  const wanted = new Set(requestIds);
  return log.split('\n').filter((line) => {
    const rid = /rid=(\S+)$/.exec(line)?.[1];
    return rid !== undefined && wanted.has(rid);
  });
}
