/**
 * `npm run faults`: the fault runs of issue 34 against the cluster of `npm run cluster`, under
 * a steady shopper mix (shopper-mix.ts). One fault at a time, each with a quiet baseline before
 * and a recovery period after: SIGKILL an API process, SIGKILL a storefront process, restart
 * the PostgreSQL primary, stop the replica, stop Redis, fill the database pool. For each it
 * prints the orders placed, duplicates and lost acknowledged writes (both must be 0, checked in
 * the primary), the errors by step and status, what the fault's own probes saw, and the time
 * until the mix succeeded again; then a summary, exiting 1 when a duplicate or a lost write was
 * found. Nothing here is a test: timings are printed, not asserted.
 *
 * `-- --only api-kill,redis` runs some; `--shoppers`, `--think-ms`, `--baseline-s`, `--hold-s`,
 * `--recovery-s` change the load and the periods; `--dir` the cluster's folder.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '@malewa/db/database';
import pg from 'pg';
import { printRows } from '../bench/harness.ts';
import { type Cluster, startCluster } from './cluster.ts';
import {
  checkStreams,
  checkWrites,
  type DatabaseTruth,
  describeMissed,
  failuresByStep,
  ordersOfUnknownKeys,
  readTruth,
} from './mix-checks.ts';
import { type Checkout, type Sample, SHOPPER_STEPS } from './mix-record.ts';
import { metricsOf, metricValue, nginxLinesOf, type PgCounters, pgCounters, rates, watchReadiness } from './probes.ts';
import { MIX_ARGS, MIX_CLUSTER_ENV, type Mix, mixOf, prepareMix } from './shopper-mix.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '' },
    ...MIX_ARGS,
    'warmup-s': { type: 'string', default: '10' },
    'baseline-s': { type: 'string', default: '10' },
    'hold-s': { type: 'string', default: '15' },
    'recovery-s': { type: 'string', default: '15' },
    dir: { type: 'string', default: join(tmpdir(), 'malewa-faults') },
  },
});
const seconds = (name: keyof typeof values) => Number(values[name]) * 1000;
const WARMUP_MS = seconds('warmup-s');
const BASELINE_MS = seconds('baseline-s');
const HOLD_MS = seconds('hold-s');
const RECOVERY_MS = seconds('recovery-s');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const clock = (at: number) => `${((at - started) / 1000).toFixed(1).padStart(6)} s`;
const log = (line: string) => console.log(`[${clock(Date.now())}] ${line}`);
const after = (at: number, from: number) =>
  at >= from ? `+${((at - from) / 1000).toFixed(1)} s` : `${((at - from) / 1000).toFixed(1)} s`;

interface Context {
  cluster: Cluster;
  mix: Mix;
  database: Database;
  /** The primary's and the replica's counters when the baseline began. */
  baseline: { at: number; primary: PgCounters | undefined; replica: PgCounters | undefined };
}

/** What a fault did; `report` runs once the recovery period is over, with the database's rows. */
interface Outcome {
  faultAt: number;
  repairedAt: number;
  report?: (truth: DatabaseTruth, end: number) => Promise<string[]> | string[];
}

interface Fault {
  name: string;
  title: string;
  run(context: Context): Promise<Outcome>;
}

/**
 * pg_ctl without holding the runner up: PgServer's calls are synchronous, and a primary's
 * start waits for its recovery, during which the mix and the probes would stop being timed.
 * The same folders and user as cluster.ts's.
 */
function pgCtl(cluster: Cluster, server: 'primary' | 'replica', args: string[]): Promise<void> {
  const pgCtlPath = '/usr/lib/postgresql/15/bin/pg_ctl';
  const full = ['-D', join(cluster.dir, 'pg', server), '-l', join(cluster.dir, 'logs', `postgres-${server}.log`)];
  full.push('-w', '-t', '60', ...args);
  const [command, commandArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', pgCtlPath, ...full]] : [pgCtlPath, full];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, (error, _stdout, stderr) =>
      error ? reject(new Error(`pg_ctl ${args.join(' ')} (${server}) failed: ${stderr}`)) : resolve(),
    );
  });
}

const checkoutsInFlight = (mix: Mix) =>
  mix.record.checkouts.filter((checkout) => checkout.outcome === 'pending' && checkout.endedAt === 0);

/** Each checkout with how it ended and where nginx sent its API calls. */
function describeCheckouts(cluster: Cluster, checkouts: readonly Checkout[], truth: DatabaseTruth): string[] {
  return checkouts.flatMap((checkout) => {
    const orders = (truth.byKey.get(checkout.key) ?? []).reduce((sum, row) => sum + row.orderIds.length, 0);
    const calls = nginxLinesOf(cluster, checkout.requestIds)
      .filter((line) => line.includes('/api/carts/food/checkout'))
      .map((line) => {
        const [, status, upstream, upstreamStatus] = /" (\d{3}) \d+ \S+ "([^"]*)" (\S+(?:, \S+)*) /.exec(line) ?? [];
        return `${upstream} → ${upstreamStatus} (answered ${status})`;
      });
    return [
      `    key ${checkout.key.slice(0, 8)}…: the shopper saw ${checkout.statuses.join(', ')} → ${checkout.outcome}; ${orders} order(s) in the primary`,
      ...calls.map((call) => `      storefront → API: ${call}`),
    ];
  });
}

const faults: Fault[] = [
  {
    name: 'api-kill',
    title: 'SIGKILL one API process, then start it again',
    async run({ cluster, mix }) {
      const victim = cluster.apis[0];
      if (!victim) throw new Error('No API process');
      // A checkout must be in flight, and on the victim: nginx's log says which process each
      // API call went to, once the call is over. Tried a few times, for a kill that hits one.
      let faultAt = 0;
      let firstFaultAt = 0;
      let repairedAt = 0;
      let hitKeys: Checkout[] = [];
      let allInFlight: Checkout[] = [];
      let openFollows = mix.record.follows.filter((follow) => follow.stoppedAt === 0 && follow.connects > 0);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && checkoutsInFlight(mix).length < 2) await sleep(10);
        const inFlight = checkoutsInFlight(mix);
        openFollows = mix.record.follows.filter((follow) => follow.stoppedAt === 0 && follow.connects > 0);
        faultAt = Date.now();
        firstFaultAt ||= faultAt;
        await victim.kill('SIGKILL');
        log(
          `SIGKILL ${victim.name} (try ${attempt}) with ${inFlight.length} checkout(s) in flight and ${openFollows.length} order stream(s) open`,
        );
        await sleep(Math.min(HOLD_MS, 3000));
        const starting = Date.now();
        await victim.start();
        repairedAt = Date.now();
        log(`${victim.name} started again: ready in ${((repairedAt - starting) / 1000).toFixed(1)} s`);
        // The storefront's tries end within 4 s; then nginx's log is complete for these.
        await sleep(5000);
        allInFlight = inFlight;
        hitKeys = inFlight.filter((checkout) =>
          nginxLinesOf(cluster, checkout.requestIds).some(
            (line) => line.includes('/api/carts/food/checkout') && line.includes(`:${victim.port}`),
          ),
        );
        if (hitKeys.length > 0) break;
        log(`none of those checkouts had reached ${victim.name} yet (they were on the storefront or the other API)`);
      }
      const follows = openFollows;
      return {
        // Errors and recovery count from the first kill; the streams and checkouts below are the last's.
        faultAt: firstFaultAt,
        repairedAt,
        report: (truth) => {
          const cut = follows.filter((follow) => follow.drops.some((at) => at >= faultAt));
          const streams = checkStreams(follows, truth, mix.record.moves);
          return [
            `  checkouts in flight at the kill: ${allInFlight.length}, of which ${hitKeys.length} had their API call on ${victim.name}:`,
            ...describeCheckouts(cluster, allInFlight, truth),
            `  order streams open at the kill: ${follows.length}; cut ${cut.length}, reconnected with Last-Event-ID ${cut.filter((follow) => follow.resumed > 0).length}; events they missed: ${streams.missed.length}, shown twice: ${streams.repeats}`,
          ];
        },
      };
    },
  },
  {
    name: 'web-kill',
    title: 'SIGKILL one storefront process, then start it again',
    async run({ cluster, mix }) {
      const victim = cluster.webs[0];
      if (!victim) throw new Error('No storefront process');
      const openFollows = mix.record.follows.filter((follow) => follow.stoppedAt === 0 && follow.connects > 0);
      const faultAt = Date.now();
      await victim.kill('SIGKILL');
      log(`SIGKILL ${victim.name} (${openFollows.length} order streams open)`);
      await sleep(Math.min(HOLD_MS, 5000));
      const starting = Date.now();
      await victim.start();
      const repairedAt = Date.now();
      log(`${victim.name} started again: ready in ${((repairedAt - starting) / 1000).toFixed(1)} s`);
      return {
        faultAt,
        repairedAt,
        report: (truth, end) => {
          const perShopper = new Map<number, number>();
          for (const sample of mix.record.samples) {
            if (sample.ok || sample.at < faultAt || sample.at >= end || sample.step === 'shop') continue;
            perShopper.set(sample.shopper, (perShopper.get(sample.shopper) ?? 0) + 1);
          }
          const most = Math.max(0, ...perShopper.values());
          const cut = openFollows.filter((follow) => follow.drops.some((at) => at >= faultAt));
          const streams = checkStreams(openFollows, truth, mix.record.moves);
          return [
            `  shoppers who saw an error: ${perShopper.size} of ${mix.record.samples.length > 0 ? new Set(mix.record.samples.map((s) => s.shopper).filter((s) => s >= 0)).size : 0}; the most errors one shopper saw: ${most} (at most 1 wanted: ${most <= 1 ? 'yes' : 'NO'})`,
            `  order streams open at the kill: ${openFollows.length}; cut ${cut.length}, reconnected with Last-Event-ID ${cut.filter((follow) => follow.resumed > 0).length}; events missed: ${streams.missed.length}`,
          ];
        },
      };
    },
  },
  {
    name: 'primary-restart',
    title: 'Restart the PostgreSQL primary (an immediate stop, as a crash, then a start)',
    async run({ cluster, mix }) {
      const pids = [...cluster.apis, ...cluster.webs].map((node) => ({ node, pid: node.pid }));
      const readiness = watchReadiness(cluster.apis);
      await sleep(1000);
      const faultAt = Date.now();
      await pgCtl(cluster, 'primary', ['-m', 'immediate', 'stop']);
      log('primary stopped (immediate)');
      await sleep(Math.min(HOLD_MS, 8000));
      await pgCtl(cluster, 'primary', ['start']);
      const repairedAt = Date.now();
      log(`primary started again (crash recovery done) ${after(repairedAt, faultAt)}`);
      // Until every API says it is ready again.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const ready = await Promise.all(
          cluster.apis.map((api) =>
            fetch(`http://127.0.0.1:${api.port}/readyz`, { signal: AbortSignal.timeout(2000) })
              .then((response) => response.status === 200)
              .catch(() => false),
          ),
        );
        // A process that exited will not come back by itself (the report says so).
        if (ready.every((ok, i) => ok || !cluster.apis[i]?.running)) break;
        await sleep(250);
      }
      await sleep(1000);
      const watched = readiness.stop();
      return {
        faultAt,
        repairedAt,
        report: (truth) => {
          const restarted = pids.filter(({ node, pid }) => node.pid !== pid || !node.running);
          const everything = checkWrites(mix.record.checkouts, truth);
          return [
            ...watched.map(
              ({ name, changes }) =>
                `  ${name} /readyz: ${changes.map((change, i) => (i === 0 ? String(change.status) : `${change.status || 'no answer'} at ${after(change.at, faultAt)}`)).join(' → ')}`,
            ),
            `  processes that exited or were restarted: ${restarted.length === 0 ? 'none (same pids, all running)' : restarted.map(({ node }) => node.name).join(', ')}`,
            `  every acknowledged checkout of the run so far is in the primary: ${everything.lost.length === 0 ? `yes (${everything.acknowledged})` : `NO, ${everything.lost.length} lost`}`,
          ];
        },
      };
    },
  },
  {
    name: 'replica-stop',
    title: 'Stop the streaming replica, then start it again',
    async run({ cluster, mix, baseline }) {
      // The mix's catalog pages per second: the load the counters answer, window by window.
      const pages = (from: PgCounters | undefined, to: PgCounters | undefined) => {
        if (!from || !to) return '';
        const count = mix.record.samples.filter(
          (s) => (s.step === 'meals' || s.step === 'meal') && s.at >= from.at && s.at < to.at,
        ).length;
        return ` (the mix: ${(count / ((to.at - from.at) / 1000)).toFixed(1)} catalog pages/s)`;
      };
      const beforeMetrics = await Promise.all(cluster.apis.map(metricsOf));
      const primaryAtFault = pgCounters(cluster.primary);
      const replicaAtFault = pgCounters(cluster.replica);
      const faultAt = Date.now();
      await pgCtl(cluster, 'replica', ['-m', 'fast', 'stop']);
      log('replica stopped');
      await sleep(HOLD_MS / 3);
      const primaryDuringFrom = pgCounters(cluster.primary);
      await sleep((HOLD_MS * 2) / 3);
      const primaryDuringTo = pgCounters(cluster.primary);
      const duringMetrics = await Promise.all(cluster.apis.map(metricsOf));
      await pgCtl(cluster, 'replica', ['start']);
      const repairedAt = Date.now();
      log('replica started again');
      // The APIs check the replica every DB_REPLICA_CHECK_MS (1 s): reads go back after that.
      await sleep(3000);
      const primaryAfterFrom = pgCounters(cluster.primary);
      const replicaAfterFrom = pgCounters(cluster.replica);
      return {
        faultAt,
        repairedAt,
        report: async () => {
          const primaryAfterTo = pgCounters(cluster.primary);
          const replicaAfterTo = pgCounters(cluster.replica);
          const afterMetrics = await Promise.all(cluster.apis.map(metricsOf));
          const series = (pages: string[]) =>
            pages
              .map(
                (page, i) =>
                  `${cluster.apis[i]?.name} in_use=${metricValue(page, 'malewa_db_replica_in_use') ?? '?'} fallbacks{down}=${metricValue(page, 'malewa_db_replica_fallbacks_total', { reason: 'down' }) ?? '?'}`,
              )
              .join('; ');
          return [
            '  statement counters (pg_stat_database of malewa, and scans of items):',
            `    before        primary: ${rates(baseline.primary, primaryAtFault)}${pages(baseline.primary, primaryAtFault)}`,
            `                  replica: ${rates(baseline.replica, replicaAtFault)}`,
            `    replica down  primary: ${rates(primaryDuringFrom, primaryDuringTo)}${pages(primaryDuringFrom, primaryDuringTo)}`,
            `    after         primary: ${rates(primaryAfterFrom, primaryAfterTo)}${pages(primaryAfterFrom, primaryAfterTo)}`,
            `                  replica: ${rates(replicaAfterFrom, replicaAfterTo)}`,
            `  API metrics before:  ${series(beforeMetrics)}`,
            `  while down:          ${series(duringMetrics)}`,
            `  after:               ${series(afterMetrics)}`,
          ];
        },
      };
    },
  },
  {
    name: 'redis-stop',
    title: 'Stop Redis, then start it again',
    async run({ cluster, mix }) {
      const signInBefore = await mix.probeSignIn();
      const faultAt = Date.now();
      await cluster.redis.stop();
      log('Redis stopped');
      await sleep(2000);
      const signInDuring = await mix.probeSignIn();
      log(`a sign-in through the API while Redis is down: ${signInDuring.status} in ${signInDuring.ms.toFixed(0)} ms`);
      await sleep(Math.max(0, HOLD_MS - 2000 - signInDuring.ms));
      await cluster.redis.start();
      const repairedAt = Date.now();
      log('Redis started again');
      await sleep(3000);
      const signInAfter = await mix.probeSignIn();
      return {
        faultAt,
        repairedAt,
        report: (truth, end) => {
          const delays = (from: number, to: number) => {
            const follows = mix.record.follows.filter((follow) => follow.seen.some((e) => e.at >= from && e.at < to));
            const check = checkStreams(
              follows.map((follow) => ({ ...follow, seen: follow.seen.filter((e) => e.at >= from && e.at < to) })),
              truth,
              mix.record.moves,
              Number.POSITIVE_INFINITY,
            );
            return `p50 ${check.delayP50.toFixed(0)} ms, max ${check.delayMax.toFixed(0)} ms (${follows.length} streams)`;
          };
          const connects = (from: number, to: number) => {
            const samples = mix.record.samples.filter((s) => s.step === 'stream' && s.at >= from && s.at < to);
            const slow = samples.filter((s) => s.ms > 2000).length;
            return `${samples.length} (${samples.filter((s) => s.ok).length} opened, ${slow} took over 2 s, longest ${Math.max(0, ...samples.map((s) => s.ms)).toFixed(0)} ms)`;
          };
          return [
            `  sign-in through the API (account limits count in Redis): before ${signInBefore.status} in ${signInBefore.ms.toFixed(0)} ms; Redis down ${signInDuring.status} in ${signInDuring.ms.toFixed(0)} ms; back ${signInAfter.status} in ${signInAfter.ms.toFixed(0)} ms`,
            `  live events, from the shop's move to the shopper's stream: before ${delays(faultAt - BASELINE_MS, faultAt)}`,
            `                                                      Redis down ${delays(faultAt, repairedAt)}`,
            `                                                      back       ${delays(repairedAt + 2000, end)}`,
            `  stream (re)connections: Redis down ${connects(faultAt, repairedAt)}; back ${connects(repairedAt, end)}`,
          ];
        },
      };
    },
  },
  {
    name: 'pool-fill',
    title: "Fill the database pool: a psql-like session holds carts' ACCESS EXCLUSIVE lock",
    async run({ cluster, mix }) {
      // Longer than DB_POOL_WAIT_MS (5 s) and than DB_STATEMENT_TIMEOUT_MS (10 s): the requests
      // that got a connection wait on the lock until their statement times out; the rest wait
      // for a connection until the pool's wait is over.
      const lockMs = 12_000;
      const locker = new pg.Client({ connectionString: cluster.primary.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table carts in access exclusive mode');
      const faultAt = Date.now();
      log(`carts locked (ACCESS EXCLUSIVE) for ${lockMs / 1000} s; 30 guest cart reads at once on each API`);
      // Guests reading their carts straight on each API's port: more at once than its pool holds.
      const burst = cluster.apis.flatMap((api) =>
        Array.from({ length: 30 }, async () => {
          const begun = performance.now();
          try {
            const response = await fetch(`http://127.0.0.1:${api.port}/api/carts/food`, {
              headers: { 'x-store-id': 'KE', 'x-cart-token': randomBytes(32).toString('base64url') },
              signal: AbortSignal.timeout(60_000),
            });
            await response.body?.cancel();
            return {
              api: api.name,
              status: response.status,
              retryAfter: response.headers.get('retry-after'),
              ms: performance.now() - begun,
            };
          } catch (error) {
            return { api: api.name, status: 0, retryAfter: null, ms: performance.now() - begun, error: String(error) };
          }
        }),
      );
      const [answers] = await Promise.all([Promise.all(burst), sleep(lockMs)]);
      await locker.query('commit');
      await locker.end();
      const repairedAt = Date.now();
      log('lock released');
      return {
        faultAt,
        repairedAt,
        report: (_truth, end) => {
          const byStatus = new Map<string, { count: number; max: number; retryAfter: Set<string> }>();
          for (const answer of answers) {
            const key = String(answer.status || 'no answer');
            const entry = byStatus.get(key) ?? { count: 0, max: 0, retryAfter: new Set<string>() };
            entry.count += 1;
            entry.max = Math.max(entry.max, answer.ms);
            entry.retryAfter.add(answer.retryAfter ?? 'none');
            byStatus.set(key, entry);
          }
          const mixLongest = longestOf(mix.record.samples, faultAt, end);
          // Waiting for a connection ends at DB_POOL_WAIT_MS; waiting on the lock, at the statement time-out.
          const spread = (low: number, high: number) => answers.filter((a) => a.ms >= low && a.ms < high).length;
          return [
            `  ${answers.length} guest cart reads straight on the APIs: ${[...byStatus]
              .map(
                ([status, entry]) =>
                  `${status}×${entry.count} (longest ${(entry.max / 1000).toFixed(1)} s, Retry-After ${[...entry.retryAfter].join('/')})`,
              )
              .join(', ')}`,
            `  how long they took: under 6 s ${spread(0, 6000)}, 6–11 s ${spread(6000, 11_000)}, longer ${spread(11_000, Number.POSITIVE_INFINITY)}`,
            `  the longest of them: ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s; the mix's longest request meanwhile: ${mixLongest}`,
          ];
        },
      };
    },
  },
];

/** The longest request that began in [from, to), and its step. */
function longestOf(samples: readonly Sample[], from: number, to: number): string {
  const longest = samples
    .filter((s) => s.at >= from && s.at < to)
    .reduce<Sample | undefined>((most, s) => (!most || s.ms > most.ms ? s : most), undefined);
  return longest ? `${(longest.ms / 1000).toFixed(1)} s (${longest.step}, ${longest.status || longest.error})` : 'none';
}

interface Row {
  fault: string;
  placed: number;
  acknowledged: number;
  duplicates: number;
  lost: number;
  missed: number;
  errors: number;
  recoveryS: number | undefined;
  longestS: number;
  /** Processes that exited on their own during the fault (each is started again after it). */
  died: string[];
}

/** The last lines of a process's log that are not its JSON request lines: how it ended. */
function lastWords(cluster: Cluster, name: string): string[] {
  try {
    const lines = readFileSync(join(cluster.dir, 'logs', `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n');
    return lines.filter((line) => !line.startsWith('{')).slice(-8);
  } catch {
    return [];
  }
}

/**
 * The API and storefront processes that are not running when they should be: said, with how
 * they ended, and started again so that the next fault runs on the whole cluster.
 */
async function reviveTheDead(cluster: Cluster): Promise<string[]> {
  const dead = [...cluster.apis, ...cluster.webs].filter((node) => !node.running);
  for (const node of dead) {
    console.log(`  PROCESS DIED: ${node.name} exited during this fault and was not started by it. Its log ends:`);
    for (const line of lastWords(cluster, node.name)) console.log(`    | ${line}`);
    try {
      await node.start();
      log(`${node.name} started again, for the faults that follow`);
    } catch (error) {
      console.log(
        `  ${node.name} did not start again (${error instanceof Error ? error.message : error}); its log ends:`,
      );
      for (const line of lastWords(cluster, node.name)) console.log(`    | ${line}`);
    }
  }
  return dead.map((node) => node.name);
}

/** When the mix succeeded again: the end of its last failed request after the fault. */
function recoveryOf(samples: readonly Sample[], faultAt: number, end: number) {
  const window = samples.filter((s) => s.step !== 'shop' && s.at >= faultAt && s.at < end);
  const failures = window.filter((s) => !s.ok);
  const lastFailureEnd = Math.max(faultAt, ...failures.map((s) => s.end));
  const afterwards = window.filter((s) => s.at >= lastFailureEnd);
  return {
    failures: failures.length,
    requests: window.length,
    recoveredAt: failures.length === 0 ? faultAt : lastFailureEnd,
    firstFailureAt: failures.length > 0 ? Math.min(...failures.map((s) => s.at)) : undefined,
    afterwards: afterwards.length,
    longest: Math.max(0, ...window.map((s) => s.ms)),
  };
}

async function readTruthPatiently(database: Database, tag: string): Promise<DatabaseTruth> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await readTruth(database, tag);
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(500);
    }
  }
}

async function runFault(fault: Fault, index: number, total: number, context: Omit<Context, 'baseline'>): Promise<Row> {
  const { mix, database } = context;
  console.log(`\n── Fault ${index}/${total}: ${fault.title} ${'─'.repeat(Math.max(0, 60 - fault.title.length))}`);
  const periodStart = Date.now();
  const baseline = {
    at: periodStart,
    primary: pgCounters(context.cluster.primary),
    replica: pgCounters(context.cluster.replica),
  };
  await sleep(BASELINE_MS);
  const quiet = recoveryOf(mix.record.samples, periodStart, Date.now());
  log(
    `baseline: ${quiet.requests} requests in ${BASELINE_MS / 1000} s, ${quiet.failures} failed (${failuresByStep(mix.record.samples, periodStart, Date.now())})`,
  );
  const outcome = await fault.run({ ...context, baseline });
  await sleep(RECOVERY_MS);
  const end = Date.now();
  // The streams of the orders of this period finish as the shop keeper delivers them.
  const settle = Date.now() + 25_000;
  const mine = () =>
    mix.record.follows.filter((f) => f.startedAt < end && (f.stoppedAt === 0 || f.stoppedAt >= periodStart));
  while (Date.now() < settle && mine().some((follow) => follow.stoppedAt === 0 && follow.startedAt < end))
    await sleep(250);
  const truth = await readTruthPatiently(database, mix.tag);
  const checkouts = mix.record.checkouts.filter((c) => c.startedAt >= periodStart && c.startedAt < end);
  const writes = checkWrites(checkouts, truth);
  const streams = checkStreams(mine(), truth, mix.record.moves);
  const recovery = recoveryOf(mix.record.samples, outcome.faultAt, end);
  for (const line of (await outcome.report?.(truth, end)) ?? []) console.log(line);
  const died = await reviveTheDead(context.cluster);
  console.log(
    `  orders placed ${writes.placed} (checkouts sent ${writes.sent}, acknowledged ${writes.acknowledged}, placed without the shopper being told ${writes.placedUnacknowledged})`,
  );
  console.log(`  duplicates ${writes.duplicates.length}, lost acknowledged writes ${writes.lost.length}`);
  for (const duplicate of writes.duplicates)
    console.log(`    DUPLICATE key ${duplicate.key}: ${duplicate.orders} orders`);
  for (const lost of writes.lost)
    console.log(`    LOST key ${lost.key} (checkout ${lost.checkoutId}): ${lost.missing}`);
  console.log(
    `  order streams ${streams.follows} (finished ${streams.finished}, dropped and reconnected ${streams.dropped}, resumed with Last-Event-ID ${streams.resumed}); events missed ${streams.missed.length}, shown twice ${streams.repeats}`,
  );
  for (const line of describeMissed(streams, mine())) console.log(line);
  console.log(
    `  errors from the fault to the end of recovery: ${failuresByStep(mix.record.samples, outcome.faultAt, end)}`,
  );
  console.log(
    recovery.failures === 0
      ? `  recovery: no request of the mix failed (${recovery.requests} requests); longest ${(recovery.longest / 1000).toFixed(1)} s`
      : `  recovery: ${recovery.failures} of ${recovery.requests} requests failed, from ${after(recovery.firstFailureAt ?? outcome.faultAt, outcome.faultAt)} to ${after(recovery.recoveredAt, outcome.faultAt)} after the fault (${after(recovery.recoveredAt, outcome.repairedAt)} after the repair); all ${recovery.afterwards} requests since succeeded; longest ${(recovery.longest / 1000).toFixed(1)} s`,
  );
  return {
    fault: fault.name,
    placed: writes.placed,
    acknowledged: writes.acknowledged,
    duplicates: writes.duplicates.length,
    lost: writes.lost.length,
    missed: streams.missed.length,
    errors: recovery.failures,
    recoveryS: (recovery.recoveredAt - outcome.faultAt) / 1000,
    longestS: recovery.longest / 1000,
    died,
  };
}

async function main(): Promise<number> {
  const chosen = values.only ? values.only.split(',').map((name) => name.trim()) : faults.map((fault) => fault.name);
  const unknown = chosen.filter((name) => !faults.some((fault) => fault.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown fault(s): ${unknown.join(', ')}. Known: ${faults.map((fault) => fault.name).join(', ')}`);
    return 2;
  }
  console.log(`Malewa fault runs, ${new Date().toISOString()}, Node ${process.version}`);
  log(`starting the cluster in ${values.dir}…`);
  const cluster = await startCluster({ dir: values.dir, env: MIX_CLUSTER_ENV, log });
  let mix: Mix | undefined;
  let database: Database | undefined;
  const interrupted = new Promise<number>((resolve) => process.once('SIGINT', () => resolve(130)));
  const work = async (): Promise<number> => {
    database = openDatabase({ kind: 'postgres', url: cluster.primary.url, poolMax: 4, statementTimeoutMs: 30_000 });
    mix = await prepareMix(cluster, database, mixOf(values, log));
    mix.start();
    log(`the mix runs; ${WARMUP_MS / 1000} s of warm-up`);
    await sleep(WARMUP_MS);
    const rows: Row[] = [];
    const selected = faults.filter((fault) => chosen.includes(fault.name));
    for (const [i, fault] of selected.entries()) {
      rows.push(await runFault(fault, i + 1, selected.length, { cluster, mix, database }));
    }
    await mix.stop();
    const truth = await readTruthPatiently(database, mix.tag);
    const all = checkWrites(mix.record.checkouts, truth);
    const strangers = ordersOfUnknownKeys(mix.record.checkouts, truth);
    const streams = checkStreams(mix.record.follows, truth, mix.record.moves);
    console.log('\n── Summary ───────────────────────────────────────────────────────────────');
    printRows([
      [
        'fault',
        'orders',
        'acked',
        'duplicates',
        'lost acked',
        'events missed',
        'failed requests',
        'recovery s',
        'longest s',
        'died',
      ],
      ...rows.map((row) => [
        row.fault,
        String(row.placed),
        String(row.acknowledged),
        String(row.duplicates),
        String(row.lost),
        String(row.missed),
        String(row.errors),
        row.recoveryS === undefined ? '-' : row.recoveryS.toFixed(1),
        row.longestS.toFixed(1),
        row.died.join(' ') || '-',
      ]),
      [
        'whole run',
        String(all.placed),
        String(all.acknowledged),
        String(all.duplicates.length + strangers),
        String(all.lost.length),
        String(streams.missed.length),
        String(mix.record.samples.filter((s) => !s.ok).length),
        '',
        '',
        String(rows.reduce((sum, row) => sum + row.died.length, 0)),
      ],
    ]);
    console.log(
      `\nWhole run: ${mix.record.samples.length} requests; ${SHOPPER_STEPS.length} shopper steps; ${all.sent} checkouts sent; orders under keys the runner never sent: ${strangers}; streams ${streams.follows} (finished ${streams.finished}).`,
    );
    for (const line of describeMissed(streams, mix.record.follows)) console.log(line);
    const bad = all.duplicates.length + strangers + all.lost.length;
    console.log(
      bad === 0 ? 'No duplicate and no lost acknowledged write.' : `FOUND ${bad} duplicate or lost write(s).`,
    );
    return bad === 0 ? 0 : 1;
  };
  try {
    return await Promise.race([work(), interrupted]);
  } finally {
    log('stopping…');
    await (mix as Mix | undefined)?.stop().catch(() => undefined);
    await (database as Database | undefined)?.close().catch(() => undefined);
    await cluster.stop();
  }
}

process.exit(await main());
