/**
 * `npm run bench:enumeration`: does the time of an answer tell whether an account exists?
 *
 * Runs the real API on a throwaway PostgreSQL database and, for each endpoint that must not
 * tell (register, reset request, verification request, code confirmation), sends 20 requests
 * about accounts that exist and 20 about identifiers that do not, interleaved so that both see
 * the same machine, and prints both medians. It runs twice: with the answer floor as
 * configured (ACCOUNT_ANSWER_FLOOR_MS, 300 ms by default), and with no floor, to show the gap
 * the floor hides. Nothing here asserts a speed.
 *
 * Environment: BENCH_DATABASE_URL, else DATABASE_URL, else TEST_DATABASE_URL (an admin URL on
 * which a throwaway database is created and dropped); ACCOUNT_ANSWER_FLOOR_MS.
 */
import type { AddressInfo } from 'node:net';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import { openDatabase } from '@malewa/db/database';
import { credentials, userRoles, users } from '@malewa/db/schema/accounts';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { hashPassword } from '../../apps/api/src/features/auth/passwords.ts';
import { benchDatabase } from './bench-database.ts';

const ROUNDS = 20;
const SECRET = 'the-enumeration-bench-storefront-secret';
const PASSWORD = 'bench password of some length';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

let nextAddress = 1;
const headers = () => ({
  'content-type': 'application/json',
  'x-forwarded-for': `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  [STOREFRONT_SECRET_HEADER]: SECRET,
});

interface Endpoint {
  name: string;
  path: string;
  /** The body about the i-th account that exists, and about the i-th identifier that does not. */
  known(i: number): unknown;
  unknown(i: number): unknown;
}

const ENDPOINTS = (run: number): Endpoint[] => [
  {
    name: 'POST /auth/account/register',
    path: '/auth/account/register',
    known: (i) => ({
      name: 'A',
      surname: 'B',
      credential: { identifier: `confirmed${i}@malewa.example`, secret: PASSWORD },
    }),
    unknown: (i) => ({
      name: 'A',
      surname: 'B',
      credential: { identifier: `new${run}-${i}@malewa.example`, secret: PASSWORD },
    }),
  },
  {
    name: 'POST /auth/reset/request',
    path: '/auth/reset/request',
    known: (i) => ({ identifier: `confirmed${ROUNDS + i}@malewa.example` }),
    unknown: (i) => ({ identifier: `nobody${run}-${i}@malewa.example` }),
  },
  {
    name: 'POST /auth/verification/request',
    path: '/auth/verification/request',
    known: (i) => ({ identifier: `unconfirmed${i}@malewa.example` }),
    unknown: (i) => ({ identifier: `nobody${run}-v${i}@malewa.example` }),
  },
  {
    name: 'POST /auth/verification/confirm (a wrong code)',
    path: '/auth/verification/confirm',
    known: (i) => ({ identifier: `unconfirmed${i}@malewa.example`, token: '000000' }),
    unknown: (i) => ({ identifier: `nobody${run}-c${i}@malewa.example`, token: '000000' }),
  },
];

async function timeOf(url: string, body: unknown, statuses: Set<number>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
  await response.arrayBuffer();
  statuses.add(response.status);
  return performance.now() - started;
}

async function measure(url: string, run: number) {
  const rows: string[][] = [];
  for (const endpoint of ENDPOINTS(run)) {
    const known: number[] = [];
    const unknown: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < ROUNDS; i++) {
      // Each goes first half of the time: the first request after a pause pays for waking up.
      const pair = [
        async () => known.push(await timeOf(url + endpoint.path, endpoint.known(i), statuses)),
        async () => unknown.push(await timeOf(url + endpoint.path, endpoint.unknown(i), statuses)),
      ];
      if (i % 2) pair.reverse();
      for (const one of pair) await one();
    }
    const [a, b] = [median(known), median(unknown)];
    rows.push([endpoint.name, a.toFixed(1), b.toFixed(1), (a - b).toFixed(1), [...statuses].join(' ')]);
  }
  return rows;
}

async function main(): Promise<void> {
  const benchDb = benchDatabase();
  await benchDb.create();
  const database = openDatabase({ kind: 'postgres', url: benchDb.url, poolMax: 10, statementTimeoutMs: 10_000 });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const passwordHash = await hashPassword(PASSWORD);
    const people = [
      ...Array.from({ length: 2 * ROUNDS }, (_, i) => ({ identifier: `confirmed${i}@malewa.example`, verified: true })),
      ...Array.from({ length: ROUNDS }, (_, i) => ({ identifier: `unconfirmed${i}@malewa.example`, verified: false })),
    ];
    const created = await database.db
      .insert(users)
      .values(people.map((_, i) => ({ name: 'Bench', surname: String(i), market: 'ZA' as const })))
      .returning({ id: users.id });
    await database.db.insert(credentials).values(
      created.map((user, i) => ({
        userId: user.id,
        kind: 'email' as const,
        identifier: people[i]?.identifier ?? '',
        passwordHash,
        verifiedAt: people[i]?.verified ? new Date() : null,
      })),
    );
    await database.db.insert(userRoles).values(created.map((user) => ({ userId: user.id, role: 'customer' as const })));

    const configured = loadConfig({ ...process.env, STOREFRONT_SECRET: SECRET });
    const header = ['', 'exists, median ms', 'does not, median ms', 'difference', 'statuses'];
    for (const [run, floorMs] of [configured.auth.answerFloorMs, 0].entries()) {
      const app = await buildApp({
        config: { ...configured, auth: { ...configured.auth, answerFloorMs: floorMs } },
        database,
        logger: false,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      try {
        const rows = await measure(url, run);
        console.log(`\nAnswer floor ${floorMs} ms; ${ROUNDS} requests each way, interleaved`);
        const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => (row[c] ?? '').length)));
        for (const row of [header, ...rows]) {
          console.log(
            row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '),
          );
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
    await benchDb.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
