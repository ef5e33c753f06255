import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the benches make their throwaway databases on. */
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of a bench's own (`malewa_bench_<random>`): create it, run on its URL, drop it. */
export function benchDatabase() {
  const name = `malewa_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => adminQuery(`create database "${name}"`),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}
