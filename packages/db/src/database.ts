import { mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dumpPglite, dumpPostgres } from './backup.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { type ReplicaOptions, ReplicaRoutingPool, type ReplicaState } from './read-replica.ts';
import * as accounts from './schema/accounts.ts';
import * as catalog from './schema/catalog.ts';
import * as contact from './schema/contact.ts';
import * as join from './schema/join.ts';
import * as locations from './schema/locations.ts';
import * as messages from './schema/messages.ts';
import * as notifications from './schema/notifications.ts';
import * as wallet from './schema/wallet.ts';
import { guardClient, routedHandle, type Transaction } from './unit-of-work.ts';

/**
 * Every table, one file per owning module (ARCHITECTURE.md, "Who owns which table"): a
 * table is written by its owner's repository only.
 */
const schema = { ...locations, ...catalog, ...contact, ...accounts, ...messages, ...notifications, ...wallet, ...join };
export type Schema = typeof schema;
type DrizzleDb = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The query interface repositories use; identical for PostgreSQL and PGlite. Inside
 * `transaction(work)` it is the open transaction (unit-of-work.ts): no query can go around it.
 */
export type Db = Omit<DrizzleDb, 'transaction'> & { transaction: Transaction };

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      statementTimeoutMs: number;
      /** How long a request waits for a pooled connection before it is refused (503). */
      poolWaitMs?: number;
      /** A streaming replica for catalog reads (`catalogDb`); without one they read the primary. */
      replica?: Omit<ReplicaOptions, 'poolMax' | 'statementTimeoutMs'>;
      logger?: Logger;
    }
  | {
      kind: 'pglite';
      /** A folder, or undefined for an in-memory database (tests). */
      dataDir: string | undefined;
      /** Who opens the folder, as a refused second opener is told (default: this process's script). */
      command?: string;
      logger?: Logger;
    };

/** A connection pool's state: connections open, idle, and callers waiting for one. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseStats {
  /** The primary's pool; undefined for PGlite, whose one connection has no pool. */
  pool: PoolStats | undefined;
  /** The replica's pool and routing, when one is configured. */
  replica: (ReplicaState & { pool: PoolStats }) | undefined;
}

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /**
   * Catalog reads (lists, details, search, suggest, map, sitemap): the replica while it is up
   * and close enough, else the primary. Anything a shopper wrote and reads back uses `db`.
   * Inside a transaction it joins the transaction, on the primary, like `db`.
   */
  readonly catalogDb: Db;
  /** Pools and replica routing, for metrics. */
  stats(): DatabaseStats;
  /** Runs `work` in one transaction, or in a savepoint within the caller's (unit-of-work.ts). */
  readonly transaction: Transaction;
  /** Runs the committed SQL migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Writes a backup to `file`: a PGlite folder's tarball, or PostgreSQL's pg_dump archive (backup.ts). */
  backup(file: string): Promise<void>;
  /** PGlite in a folder: this process's hold on it, which `close` gives up. */
  readonly lock: DataDirLock | undefined;
  close(): Promise<void>;
}

/** The advisory lock migrations hold on PostgreSQL (any fixed number of ours). */
const MIGRATION_LOCK = 7_254_913;

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax,
      // A runaway query must not hold a pooled connection forever.
      statement_timeout: options.statementTimeoutMs,
      // A full pool makes callers wait this long at most, then refuses them (503, not a hang).
      connectionTimeoutMillis: options.poolWaitMs ?? 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A client losing its connection must not crash the process: idle, the pool replaces it;
    // checked out (a transaction between two statements), pg-pool has taken its own listener
    // off and an unheard 'error' would end the process. Its next query fails (a 503) instead.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const drizzleDb = drizzlePg({
      client: guardClient(pool, ['query', 'connect'], 'pg.Pool'),
      schema,
      logger: options.logger ?? false,
    });
    const db = routedHandle(drizzleDb);
    const routing = options.replica
      ? new ReplicaRoutingPool(pool, {
          ...options.replica,
          poolMax: options.poolMax,
          statementTimeoutMs: options.statementTimeoutMs,
        })
      : undefined;
    const catalogDb = routing
      ? routedHandle(
          drizzlePg({
            client: guardClient(routing, ['query', 'connect'], 'pg.Pool'),
            schema,
            logger: options.logger ?? false,
          }),
        )
      : db;
    void routing?.start();
    return {
      kind: 'postgres',
      db,
      catalogDb,
      stats: () => ({
        pool: poolStats(pool, options.poolMax),
        replica: routing ? { ...routing.state, pool: poolStats(routing.replica, options.poolMax) } : undefined,
      }),
      transaction: db.transaction,
      // Several processes start at once (a rollout, `npm run cluster`): one migrates while the
      // others wait on the lock, then find nothing left to do.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      backup: (file) => dumpPostgres(options.url, file),
      lock: undefined,
      close: async () => {
        await routing?.end();
        await pool.end();
      },
    };
  }

  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    // Before PGlite touches the folder: a second process must not even open it.
    lock = lockDataDir(options.dataDir, options.command ?? processCommand());
    mkdirSync(options.dataDir, { recursive: true });
  }
  // The same contrib extensions the migrations create on PostgreSQL (search: migration 0007;
  // chef bookings' exclusion constraint: 0018).
  const client = new PGlite({ dataDir: options.dataDir, extensions: { unaccent, fuzzystrmatch, btree_gist } });
  guardClient(client, ['query', 'exec', 'transaction'], 'PGlite');
  const drizzleDb = drizzlePglite({ client, schema, logger: options.logger ?? false });
  const db = routedHandle(drizzleDb);
  return {
    kind: 'pglite',
    db,
    catalogDb: db,
    stats: () => ({ pool: undefined, replica: undefined }),
    transaction: db.transaction,
    migrate: () => migratePglite(drizzleDb, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    backup: (file) => dumpPglite(client, file),
    lock,
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function poolStats(pool: pg.Pool, max: number): PoolStats {
  return { max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** How a refused second opener is told who holds the folder: the script this process runs. */
function processCommand(): string {
  const script = process.argv[1];
  return script ? `node ${relative(process.cwd(), script) || script}` : `pid ${process.pid}`;
}
