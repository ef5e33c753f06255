import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/** What the API benches share: loopback servers, an autocannon run, a table of figures. */

export interface Statement {
  /** A prepared statement's name. */
  name?: string | undefined;
  sql: string;
  params: unknown[];
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** Over every request answered (all slices together). */
  p50Ms: number;
  p99Ms: number;
  /** The highest of the slices' own p99s: how far one 2-s slice's tail strayed. */
  worstSliceP99Ms: number;
  failures: number;
  /** Requests answered, all slices together. */
  requests: number;
  /** CPU milliseconds per request of each watched process (`loadByTurns`' `processes`). */
  cpuMsPerRequest?: Record<string, number>;
  /** Each answered request's time, in ms (ascending once `loadByTurns` has merged the slices). */
  latenciesMs: number[];
}

export const CONNECTIONS = 20;
/** The API's default DB_POOL_MAX, given to both servers. */
export const POOL_SIZE = 10;
export const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
/** Seconds of load each server gets, unmeasured, before `loadByTurns` measures it. */
export const WARM_UP_S = 2;

/** Loopback only: the load must never leave this machine. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function fetchJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Set while a load runs, so that Ctrl-C ends it and the clean-up still happens. */
let stopLoad: (() => void) | undefined;
export const interruption = { interrupted: false };
process.once('SIGINT', () => {
  interruption.interrupted = true;
  stopLoad?.();
});

/** Has Ctrl-C call `stop` while a load of another kind runs (a worker's); undefined when it has ended. */
export function stopOnInterrupt(stop: (() => void) | undefined): void {
  stopLoad = stop;
}

export function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    // Every answer's time, so that slices merge into one distribution (a percentile of
    // percentiles is none).
    const latenciesMs: number[] = [];
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) => {
      stopLoad = undefined;
      if (error) return reject(error);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        worstSliceP99Ms: result.latency.p99,
        failures: result.non2xx + result.errors,
        requests: result.requests.total,
        latenciesMs,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      latenciesMs.push(responseTime);
    });
    stopLoad = () => instance.stop();
  });
}

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/**
 * A process's CPU time so far, all its threads, in milliseconds (Linux's /proc: user and system
 * time, in its fixed 100 ticks a second); undefined where there is no such file.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Servers compared by turns: `rounds` slices of DURATION_S / rounds seconds each, one after the
 * other. This machine's speed drifts over a minute (shared cores); measured one after the
 * other, the same two servers' ratio moved by a tenth between runs. Each figure is the mean of
 * its slices' averages (req/s); p50 and p99 are over every request of every slice, and the
 * worst slice's own p99 is kept beside them.
 */
export async function loadByTurns(
  targets: readonly Target[],
  { rounds = 5, processes = {} }: { rounds?: number; processes?: Record<string, number> } = {},
): Promise<Measurement[]> {
  const slices: Measurement[][] = targets.map(() => []);
  // Each watched process's CPU over each target's slices, to divide by their requests.
  const cpu = targets.map(() => new Map<string, number>());
  const seconds = Math.max(1, Math.round(DURATION_S / rounds));
  // Each server warmed alike first, its figures dropped: otherwise each was measured in its first
  // slice while its code was still being compiled (the list's first slices ran at 56 % (API) and
  // 69 % (bare) of their later speed, which weighed on the API the most).
  for (const target of targets) {
    if (interruption.interrupted) break;
    await load(target.name, target.url, target.headers, WARM_UP_S);
  }
  for (let round = 0; round < rounds && !interruption.interrupted; round += 1) {
    for (const [index, target] of targets.entries()) {
      const before = Object.entries(processes).map(([name, pid]) => [name, pid, processCpuMs(pid)] as const);
      slices[index]?.push(await load(target.name, target.url, target.headers, seconds));
      for (const [name, pid, started] of before) {
        const ended = processCpuMs(pid);
        if (started === undefined || ended === undefined) continue;
        cpu[index]?.set(name, (cpu[index]?.get(name) ?? 0) + ended - started);
      }
      if (interruption.interrupted) break;
    }
  }
  const merged = (name: string, measured: Measurement[], used: Map<string, number> | undefined): Measurement => {
    const latenciesMs = measured.flatMap((m) => m.latenciesMs).sort((x, y) => x - y);
    const requests = measured.reduce((sum, m) => sum + m.requests, 0);
    return {
      name,
      requestsPerSecond: measured.reduce((sum, m) => sum + m.requestsPerSecond, 0) / Math.max(1, measured.length),
      p50Ms: quantile(latenciesMs, 0.5),
      p99Ms: quantile(latenciesMs, 0.99),
      worstSliceP99Ms: Math.max(...measured.map((m) => m.worstSliceP99Ms)),
      latenciesMs,
      failures: measured.reduce((sum, m) => sum + m.failures, 0),
      requests,
      ...(used?.size && requests > 0
        ? { cpuMsPerRequest: Object.fromEntries([...used].map(([process, ms]) => [process, ms / requests])) }
        : {}),
    };
  };
  return targets.map((target, index) => merged(target.name, slices[index] ?? [], cpu[index]));
}

/** The value at quantile `q` (0–1) of ascending `sorted` figures. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export function printRows(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) {
    const cells = row.map((cell, column) => {
      const width = widths[column] ?? 0;
      return column === 0 ? cell.padEnd(width) : cell.padStart(width);
    });
    console.log(cells.join('   '));
  }
}

/** The two servers' figures and their ratio, with the target the ratio should reach. */
export function printComparison(api: Measurement, bare: Measurement, target?: string): void {
  printRows([
    ['', 'req/s (avg)', 'p50 ms', 'p99 ms', 'worst slice p99', 'failures'],
    ...[api, bare].map((m) => [
      m.name,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(1),
      m.p99Ms.toFixed(1),
      m.worstSliceP99Ms.toFixed(1),
      String(m.failures),
    ]),
    [
      `API / bare${target ? ` (target ${target})` : ''}`,
      `${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}×`,
      '',
      `${(api.p99Ms / bare.p99Ms).toFixed(2)}×`,
      '',
      '',
    ],
  ]);
}
