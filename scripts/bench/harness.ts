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
  p50Ms: number;
  p99Ms: number;
  failures: number;
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
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) => {
      stopLoad = undefined;
      if (error) return reject(error);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failures: result.non2xx + result.errors,
      });
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
 * Servers compared by turns: `rounds` slices of DURATION_S / rounds seconds each, one after the
 * other. This machine's speed drifts over a minute (shared cores); measured one after the
 * other, the same two servers' ratio moved by a tenth between runs. Each figure is the mean of
 * its slices' averages (req/s), the median of their p50 and the worst of their p99.
 */
export async function loadByTurns(targets: readonly Target[], rounds = 5): Promise<Measurement[]> {
  const slices: Measurement[][] = targets.map(() => []);
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
      slices[index]?.push(await load(target.name, target.url, target.headers, seconds));
      if (interruption.interrupted) break;
    }
  }
  const merged = (name: string, measured: Measurement[]): Measurement => {
    const p50s = measured.map((m) => m.p50Ms).sort((x, y) => x - y);
    return {
      name,
      requestsPerSecond: measured.reduce((sum, m) => sum + m.requestsPerSecond, 0) / Math.max(1, measured.length),
      p50Ms: p50s[Math.floor(p50s.length / 2)] ?? Number.NaN,
      p99Ms: Math.max(...measured.map((m) => m.p99Ms)),
      failures: measured.reduce((sum, m) => sum + m.failures, 0),
    };
  };
  return targets.map((target, index) => merged(target.name, slices[index] ?? []));
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
    ['', 'req/s (avg)', 'p50 ms', 'p99 ms', 'failures'],
    ...[api, bare].map((m) => [
      m.name,
      m.requestsPerSecond.toFixed(0),
      m.p50Ms.toFixed(1),
      m.p99Ms.toFixed(1),
      String(m.failures),
    ]),
    [
      `API / bare${target ? ` (target ${target})` : ''}`,
      `${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}×`,
      '',
      `${(api.p99Ms / bare.p99Ms).toFixed(2)}×`,
      '',
    ],
  ]);
}
