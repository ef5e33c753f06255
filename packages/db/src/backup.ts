import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backups of either database, taken while the product runs (`npm run db:backup`), and their
 * restore into a new, empty place (`npm run db:restore`):
 * - PGlite: the data folder's tarball (`dumpDataDir`), made while no statement runs, as a
 *   crash would leave the folder; opening it replays its log. Only PGlite reads it.
 * - PostgreSQL: `pg_dump`'s custom-format archive, a consistent snapshot whatever runs
 *   meanwhile; `pg_restore` reads it (the server's own tools, from PATH).
 */

const PGLITE_EXTENSIONS = { unaccent, fuzzystrmatch, btree_gist };

/** Which database a backup file is of, from its first bytes. */
export function backupKind(file: string): 'pglite' | 'postgres' | undefined {
  const head = readFileSync(file).subarray(0, 5);
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}

/** Written beside the target and renamed over it: a backup file is whole or absent. */
function writeWhole(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

interface DumpablePglite {
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
}

export async function dumpPglite(client: DumpablePglite, file: string): Promise<void> {
  // Written out first, so that opening the copy replays little of the log.
  await client.exec('checkpoint');
  const tarball = await client.dumpDataDir('gzip');
  writeWhole(file, new Uint8Array(await tarball.arrayBuffer()));
}

/** libpq's variables for a URL: the password never appears in a process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  // biome-ignore lint/style/noProcessEnv: the tools run in this process's environment (PATH, locale), plus libpq's variables.
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.PGHOST = decodeURIComponent(parsed.hostname) || parsed.searchParams.get('host') || 'localhost';
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  env.PGDATABASE = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`)
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}): ${errors.trim()}`)),
    );
  });
}

export async function dumpPostgres(url: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], libpqEnv(url));
  renameSync(partial, file);
}

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Refuses to restore over data: a restore goes into a new folder or an empty database. */
function isEmptyFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory() && readdirSync(path).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n) > 0;
  } finally {
    await client.end();
  }
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<void> {
  const kind = backupKind(file);
  if (!kind) throw new Error(`${file} is not a Malewa backup (neither a PGlite tarball nor a pg_dump archive).`);
  if (kind !== target.kind) {
    throw new Error(
      `${file} is a backup of ${kind === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL'}; ` +
        `restore it into ${kind === 'pglite' ? 'a DATA_DIR, without DATABASE_URL' : 'a database named by DATABASE_URL'}.`,
    );
  }
  if (target.kind === 'postgres') {
    if (await hasTables(target.url)) {
      throw new Error('The database of DATABASE_URL is not empty: restore into a new one (createdb), never over data.');
    }
    const env = libpqEnv(target.url);
    // Without --dbname pg_restore prints SQL; the name alone keeps the password off the process list.
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${env.PGDATABASE}`, file],
      env,
    );
    return;
  }

  if (!isEmptyFolder(target.dataDir)) {
    throw new Error(`${target.dataDir} already holds data: restore into a new DATA_DIR, never over data.`);
  }
  mkdirSync(dirname(target.dataDir), { recursive: true });
  const lock = lockDataDir(target.dataDir, 'npm run db:restore');
  try {
    const client = await PGlite.create(target.dataDir, {
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(target.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
