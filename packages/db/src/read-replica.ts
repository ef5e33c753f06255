import pg from 'pg';
import { isConnectionLost } from './sql-state.ts';

/** Why catalog reads went to the primary instead of the replica. */
export type ReplicaFallbackReason = 'down' | 'lagging';

export interface ReplicaOptions {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
  /** A replica further behind than this is not read from. */
  maxLagMs: number;
  /** How often its lag is measured. */
  checkMs: number;
}

export interface ReplicaState {
  /** Whether its lag has been measured (or found unmeasurable) at least once. */
  checked: boolean;
  /** Whether catalog reads go to the replica now. */
  inUse: boolean;
  /** The replica's lag at the last check, or null when it could not be measured. */
  lagMs: number | null;
  /** Reads (statements or checks) that went to the primary instead, by reason. */
  fallbacks: Record<ReplicaFallbackReason, number>;
}

/**
 * The replica's lag: 0 when it has replayed all it received (an idle primary sends nothing, so
 * the time since the last replayed transaction grows without the replica being behind), else
 * the age of the last transaction it replayed.
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)
end::float8 as lag_ms`;

/**
 * A pool that sends statements to the replica while it is up and close enough, else to the
 * primary. Drizzle sees a `pg.Pool` (its session checks), so transactions work too; they take a
 * connection from whichever pool is in use when they begin.
 *
 * A statement that finds the replica gone (refused, reset, shut down) runs again on the
 * primary at once and the replica is left alone until a check finds it back: a read-only
 * catalog statement is safe to run twice.
 */
export class ReplicaRoutingPool extends pg.Pool {
  readonly replica: pg.Pool;
  readonly #primary: pg.Pool;
  readonly #options: ReplicaOptions;
  #healthy = false;
  /** Until the first check has answered, reads go to the primary without counting as fallbacks. */
  #checked = false;
  #lagMs: number | null = null;
  #fallbacks: Record<ReplicaFallbackReason, number> = { down: 0, lagging: 0 };
  #reason: ReplicaFallbackReason = 'down';
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;

  constructor(primary: pg.Pool, options: ReplicaOptions) {
    // This pool never opens a connection of its own: it hands out the other two's.
    super({ max: 1 });
    this.#primary = primary;
    this.#options = options;
    this.replica = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax,
      statement_timeout: options.statementTimeoutMs,
      // A replica that does not answer quickly is treated as down; the primary is there.
      connectionTimeoutMillis: Math.min(2_000, options.checkMs * 2),
      idleTimeoutMillis: 30_000,
    });
    // As the primary's pool (database.ts): a lost connection fails its query, never the process.
    this.replica.on('error', () => {});
    this.replica.on('connect', (client) => client.on('error', () => {}));
  }

  /** Measures the lag now and every `checkMs` after, until `end`. */
  async start(): Promise<void> {
    await this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.checkMs);
    this.#timer.unref();
  }

  /** One lag measurement; the state it leaves decides where the next reads go. */
  check(): Promise<void> {
    this.#checking ??= this.#measure().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #measure(): Promise<void> {
    try {
      const { rows } = await this.replica.query<{ lag_ms: number }>(LAG_SQL);
      this.#lagMs = rows[0]?.lag_ms ?? null;
      const lagging = this.#lagMs !== null && this.#lagMs > this.#options.maxLagMs;
      this.#healthy = !lagging;
      this.#reason = 'lagging';
    } catch {
      this.#lagMs = null;
      this.#healthy = false;
      this.#reason = 'down';
    }
    this.#checked = true;
  }

  get state(): ReplicaState {
    return { checked: this.#checked, inUse: this.#healthy, lagMs: this.#lagMs, fallbacks: { ...this.#fallbacks } };
  }

  #fallBack(reason: ReplicaFallbackReason): pg.Pool {
    if (this.#checked) this.#fallbacks[reason] += 1;
    return this.#primary;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are passed through unchanged.
  override query(...args: any[]): any {
    if (!this.#healthy) return (this.#fallBack(this.#reason).query as (...a: unknown[]) => unknown)(...args);
    const run = (pool: pg.Pool) => (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
    return run(this.replica).catch((error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      this.#healthy = false;
      this.#reason = 'down';
      return run(this.#fallBack('down'));
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are passed through unchanged.
  override connect(...args: any[]): any {
    const pool = this.#healthy ? this.replica : this.#fallBack(this.#reason);
    return (pool.connect as (...a: unknown[]) => unknown).apply(pool, args);
  }

  override async end(): Promise<void> {
    clearInterval(this.#timer);
    await this.#checking;
    await this.replica.end();
  }
}
