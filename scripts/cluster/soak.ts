/**
 * `npm run soak -- --minutes N`: the shopper mix (shopper-mix.ts) at a steady rate on the
 * cluster of `npm run cluster` for N minutes (10 by default). Prints throughput and p50/p99 per
 * step, and each process's resident memory idle, after a warm-up, every minute and at the end,
 * with the change: flat means no leak. Then checks the run's orders in the primary (no
 * duplicate, no lost acknowledged write, no stream event missed). It measures; it asserts nothing.
 * `--shoppers`, `--think-ms`, `--warmup-s` and `--dir` as in `npm run faults`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '@malewa/db/database';
import { printRows } from '../bench/harness.ts';
import { startCluster } from './cluster.ts';
import {
  checkStreams,
  checkWrites,
  failuresByStep,
  figuresByStep,
  ordersOfUnknownKeys,
  readTruth,
} from './mix-checks.ts';
import { clusterPids, metricsOf, metricValue, rssMb } from './probes.ts';
import { MIX_ARGS, MIX_CLUSTER_ENV, type Mix, mixOf, prepareMix } from './shopper-mix.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    ...MIX_ARGS,
    'warmup-s': { type: 'string', default: '30' },
    dir: { type: 'string', default: join(tmpdir(), 'malewa-soak') },
  },
});
const MINUTES = Number(values.minutes);
const WARMUP_MS = Number(values['warmup-s']) * 1000;
if (!(MINUTES > 0)) throw new Error('--minutes must be a positive number');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const mb = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(0));

async function main(): Promise<number> {
  console.log(`Malewa soak, ${new Date().toISOString()}, Node ${process.version}, ${MINUTES} min`);
  const cluster = await startCluster({ dir: values.dir, env: MIX_CLUSTER_ENV, log });
  let mix: Mix | undefined;
  let database: Database | undefined;
  const interrupted = new Promise<number>((resolve) => process.once('SIGINT', () => resolve(130)));
  const work = async (): Promise<number> => {
    database = openDatabase({ kind: 'postgres', url: cluster.primary.url, poolMax: 4, statementTimeoutMs: 30_000 });
    const options = mixOf(values, log);
    mix = await prepareMix(cluster, database, options);
    const processes = clusterPids(cluster);
    const nodes = [...cluster.apis, ...cluster.webs];
    // V8's heap beside the RSS, from /metrics where a process serves it: a leak grows both.
    const heaps: { label: string; mb: (number | undefined)[] }[] = [];
    const memory = async (label: string) => {
      const rss = { label, mb: processes.map(({ pid }) => rssMb(pid)) };
      const pages = await Promise.all(nodes.map(metricsOf));
      heaps.push({
        label,
        mb: pages.map((page) => {
          const bytes = metricValue(page, 'nodejs_heap_size_used_bytes');
          return bytes === undefined ? undefined : bytes / 1024 / 1024;
        }),
      });
      return rss;
    };
    const readings = [await memory('idle')];
    mix.start();
    log(
      `${options.shoppers} shoppers, ${options.thinkMs} ms between steps on average; ${WARMUP_MS / 1000} s of warm-up`,
    );
    await sleep(WARMUP_MS);
    const from = Date.now();
    readings.push(await memory('after warm-up'));
    const samples = mix.record.samples;
    for (let minute = 1; minute <= Math.ceil(MINUTES); minute++) {
      const minuteStart = Date.now();
      await sleep(Math.min(60_000, from + MINUTES * 60_000 - minuteStart));
      const inMinute = samples.filter((s) => s.at >= minuteStart && s.at < Date.now());
      const checkouts = mix.record.checkouts.filter((c) => c.startedAt >= minuteStart && c.outcome === 'acknowledged');
      readings.push(await memory(`minute ${minute}`));
      log(
        `minute ${minute}: ${(inMinute.length / ((Date.now() - minuteStart) / 1000)).toFixed(1)} requests/s, ${checkouts.length} orders, failures: ${failuresByStep(samples, minuteStart, Date.now())}; RSS MB ${processes.map((p, i) => `${p.name} ${mb(readings.at(-1)?.mb[i])}`).join(', ')}`,
      );
    }
    const to = Date.now();
    const seconds = (to - from) / 1000;
    await mix.stop();

    console.log(`\nThroughput and latency over ${(seconds / 60).toFixed(1)} min (after the warm-up), through nginx:`);
    printRows([
      ['step', 'count', 'per second', 'p50 ms', 'p99 ms', 'max ms', 'failed'],
      ...figuresByStep(samples, from, to).map((row) => [
        row.step === 'shop' ? 'shop keeper (API)' : row.step,
        String(row.count),
        (row.count / seconds).toFixed(2),
        row.p50.toFixed(0),
        row.p99.toFixed(0),
        row.max.toFixed(0),
        String(row.failures),
      ]),
    ]);
    const placed = mix.record.checkouts.filter((c) => c.startedAt >= from && c.startedAt < to);
    const acknowledged = placed.filter((c) => c.outcome === 'acknowledged').length;
    console.log(
      `Orders: ${acknowledged} acknowledged of ${placed.length} checkouts (${(acknowledged / seconds).toFixed(2)}/s, ${((acknowledged / seconds) * 3600).toFixed(0)}/hour). Failures: ${failuresByStep(samples, from, to)}`,
    );
    console.log(
      '(Stream rows time the connection until its first byte; the stream itself lasts until the order is delivered.)',
    );

    console.log('\nResident memory (MB, /proc/<pid>/status VmRSS):');
    // Beside the change since the warm-up, the change over the second half of the run: caches
    // and the JIT fill during the first minutes; a leak keeps growing after them.
    const change = (from: number | undefined, to: number | undefined) =>
      from === undefined || to === undefined
        ? '-'
        : `${to - from >= 0 ? '+' : ''}${(to - from).toFixed(0)} (${(((to - from) / from) * 100).toFixed(0)} %)`;
    const first = readings[1];
    const middle = readings[1 + Math.floor((readings.length - 2) / 2)];
    const last = readings.at(-1);
    printRows([
      [
        'process',
        ...readings.map((reading) => reading.label),
        'change after warm-up',
        `change since ${middle?.label ?? 'the middle'}`,
      ],
      ...processes.map((process, i) => [
        process.name,
        ...readings.map((reading) => mb(reading.mb[i])),
        change(first?.mb[i], last?.mb[i]),
        change(middle?.mb[i], last?.mb[i]),
      ]),
    ]);

    if (heaps.some((reading) => reading.mb.some((value) => value !== undefined))) {
      console.log('\nV8 heap used (MB, nodejs_heap_size_used_bytes of /metrics; - where a process serves none):');
      printRows([
        ['process', ...heaps.map((reading) => reading.label)],
        ...nodes.map((node, i) => [node.name, ...heaps.map((reading) => mb(reading.mb[i]))]),
      ]);
    }
    console.log(
      '(pg-primary and pg-replica: the postmaster alone, each connection is a process of its own; nginx: its master.)',
    );

    const truth = await readTruth(database, mix.tag);
    const writes = checkWrites(mix.record.checkouts, truth);
    const strangers = ordersOfUnknownKeys(mix.record.checkouts, truth);
    const streams = checkStreams(mix.record.follows, truth, mix.record.moves);
    console.log(
      `\nChecked in the primary: ${writes.placed} orders from ${writes.sent} checkouts (${writes.acknowledged} acknowledged); duplicates ${writes.duplicates.length + strangers}, lost acknowledged writes ${writes.lost.length}; order streams ${streams.follows} (finished ${streams.finished}), events missed ${streams.missed.length}, shown twice ${streams.repeats}; from the shop's move to the stream p50 ${streams.delayP50.toFixed(0)} ms, max ${streams.delayMax.toFixed(0)} ms.`,
    );
    return writes.duplicates.length + strangers + writes.lost.length === 0 ? 0 : 1;
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
