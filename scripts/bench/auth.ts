/**
 * `npm run bench:auth`: what signing in costs, and what a flood of sign-ins does to the rest.
 *
 * Runs the real API on a throwaway PostgreSQL database with confirmed accounts, then measures
 * 1. sign-in throughput: POST /auth/account/authenticate with right passwords (argon2id,
 *    19 MiB, t=2: CPU-bound by design);
 * 2. GET /api/locations alone: its p50 and p99;
 * 3. the same GET during a sign-in flood: its p99 then, and the sign-ins served meanwhile.
 * Nothing here asserts a speed. The load stays on loopback.
 *
 * Environment: BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL (an admin URL on
 * which a throwaway database is created and dropped); BENCH_DURATION_S (10 per phase).
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { openDatabase } from '@malewa/db/database';
import { credentials, userRoles, users } from '@malewa/db/schema/accounts';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { hashPassword } from '../../apps/api/src/features/auth/passwords.ts';
import { benchDatabase } from './bench-database.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ACCOUNTS = 50;
const PASSWORD = 'bench password of some length';
const LOCATIONS_PATH = '/api/locations?page=1&perPage=15';

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  failures: number;
}

let stops: Array<() => void> = [];
let interrupted = false;

function run(options: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, duration: DURATION_S }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        total: result.requests.total,
        failures: result.non2xx + result.errors,
      });
    });
    stops.push(() => instance.stop());
  });
}

function signIns(url: string): autocannon.Options {
  // Each request signs in as the next account, spreading the per-identifier counters.
  let next = 0;
  return {
    url: `${url}/auth/account/authenticate`,
    connections: 8,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ identifier: `bench${next++ % ACCOUNTS}@malewa.example`, secret: PASSWORD }),
        }),
      },
    ],
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Sign-in with a wrong password for existing accounts and for identifiers without one, one
 * after the other and interleaved, so that both see the same machine: the medians should be
 * close, and the answers identical (docs/decisions/0006).
 */
async function enumerationTiming(url: string) {
  const rounds = 30;
  const known: number[] = [];
  const unknown: number[] = [];
  const bodies = new Set<string>();
  const attempt = async (identifier: string, into: number[]) => {
    const started = performance.now();
    const response = await fetch(`${url}/auth/account/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, secret: 'not the password at all' }),
    });
    bodies.add(`${response.status} ${await response.text()}`);
    into.push(performance.now() - started);
  };
  // Each goes first half of the time: the first request after a pause pays for waking up.
  for (let i = 0; i < rounds; i++) {
    const knownOne = () => attempt(`bench${i % ACCOUNTS}@malewa.example`, known);
    const unknownOne = () => attempt(`nobody${i}@malewa.example`, unknown);
    if (i % 2) {
      await knownOne();
      await unknownOne();
    } else {
      await unknownOne();
      await knownOne();
    }
  }
  return { rounds, knownMs: median(known), unknownMs: median(unknown), same: bodies.size === 1 };
}

async function main(): Promise<void> {
  if (!(DURATION_S > 0)) throw new Error('BENCH_DURATION_S must be a positive number of seconds');
  const benchDb = benchDatabase();
  process.once('SIGINT', () => {
    interrupted = true;
    for (const stop of stops) stop();
  });

  await benchDb.create();
  const database = openDatabase({
    kind: 'postgres',
    url: benchDb.url,
    poolMax: 10,
    statementTimeoutMs: 10_000,
  });
  const app = await buildApp({
    config: { ...loadConfig({}), logLevel: 'silent', trustProxy: [] },
    database,
    logger: false,
  });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    const created = await database.db
      .insert(users)
      .values(Array.from({ length: ACCOUNTS }, (_, i) => ({ name: 'Bench', surname: String(i), market: 'ZA' })))
      .returning({ id: users.id });
    await database.db.insert(credentials).values(
      created.map((user, i) => ({
        userId: user.id,
        kind: 'email' as const,
        identifier: `bench${i}@malewa.example`,
        passwordHash,
        verifiedAt: new Date(),
      })),
    );
    await database.db.insert(userRoles).values(created.map((user) => ({ userId: user.id, role: 'customer' as const })));

    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const check = await fetch(`${url}/auth/account/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'bench0@malewa.example', secret: PASSWORD }),
    });
    if (check.status !== 200) throw new Error(`a bench sign-in answered ${check.status}: ${await check.text()}`);

    const timing = await enumerationTiming(url);
    console.log(
      `${DURATION_S} s per phase; ${ACCOUNTS} accounts; load average before: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const login = await run(signIns(url));
    stops = [];
    if (interrupted) return;
    const quiet = await run({ url: url + LOCATIONS_PATH, connections: 10 });
    stops = [];
    if (interrupted) return;
    const [flood, loud] = await Promise.all([run(signIns(url)), run({ url: url + LOCATIONS_PATH, connections: 10 })]);
    if (interrupted) return;

    const rows = [
      ['', 'req/s', 'p50 ms', 'p99 ms', 'failures'],
      [
        'sign-in alone (8 connections)',
        login.requestsPerSecond.toFixed(1),
        login.p50Ms.toFixed(0),
        login.p99Ms.toFixed(0),
        String(login.failures),
      ],
      [
        'GET /api/locations alone (10)',
        quiet.requestsPerSecond.toFixed(0),
        quiet.p50Ms.toFixed(1),
        quiet.p99Ms.toFixed(1),
        String(quiet.failures),
      ],
      [
        'GET /api/locations in a sign-in flood',
        loud.requestsPerSecond.toFixed(0),
        loud.p50Ms.toFixed(1),
        loud.p99Ms.toFixed(1),
        String(loud.failures),
      ],
      [
        'sign-in during that flood',
        flood.requestsPerSecond.toFixed(1),
        flood.p50Ms.toFixed(0),
        flood.p99Ms.toFixed(0),
        String(flood.failures),
      ],
    ];
    const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length))) ?? [];
    for (const row of rows) {
      console.log(
        row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('   '),
      );
    }
    console.log(
      `\nA wrong password for an account vs an identifier without one (${timing.rounds} each, interleaved): ` +
        `median ${timing.knownMs.toFixed(1)} ms vs ${timing.unknownMs.toFixed(1)} ms; same status and body: ${timing.same}`,
    );
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    if (login.failures + quiet.failures + flood.failures + loud.failures > 0) {
      console.warn('\nSome requests failed: the numbers above do not measure what they claim to.');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await database.close();
    await benchDb.drop();
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exitCode = 1;
});
