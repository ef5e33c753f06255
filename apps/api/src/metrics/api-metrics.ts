import type { DatabaseStats } from '@malewa/db/database';
import { isConnectionLost, isDatabaseUnavailable, sqlState } from '@malewa/db/sql-state';
import { createServerMetrics, type ServerMetrics } from '@malewa/telemetry/server-metrics';
import { Counter, Gauge } from 'prom-client';
import type { OutboxStats } from '../messages/outbox-repository.ts';
import type { OutgoingMessage, Transport, Transports } from '../messages/transports.ts';

/** How a checkout request ended (`POST /carts/{service}/checkout`, `POST /carts/checkout`). */
export type CheckoutOutcome = 'placed' | 'replayed' | 'payment_pending' | 'refused' | 'failed';

/** How a payment provider's notice ended (`flows/confirm-payment.ts`), or that it was refused. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'refunded' | 'already_settled' | 'refused';

/** The live streams of the API: an order's moves, a shop's board. */
export type StreamKind = 'order' | 'shop';

/** Why a request found the database unable to serve it (answered 503). */
export type UnavailableCause = 'statement_timeout' | 'pool_wait' | 'too_many_connections' | 'connection_lost';

/**
 * What the features record; each is given only the part it uses, in its deps. Requests go under
 * their route pattern, never the raw path.
 */
export interface ApiMetrics extends Pick<ServerMetrics<StreamKind>, 'registry' | 'request' | 'streamOpened'> {
  checkout(outcome: CheckoutOutcome, reason?: string): void;
  payment(outcome: PaymentOutcome): void;
  /** A request's error: counted when the database was unavailable (57014, pool wait, …: a 503). */
  databaseError(error: unknown): void;
  /** A message a transport could not send (the outbox tries it again, or gives up: dead). */
  outboxFailure(channel: OutgoingMessage['channel']): void;
}

export interface ApiMetricsSources {
  /** Pools and replica routing, read at each scrape. */
  database: { stats(): DatabaseStats };
  /** The outbox's backlog, read at each scrape (a query: a scrape every 15 s or so costs nothing). */
  outbox: { stats(at: Date): Promise<OutboxStats> };
  /** Node's own (CPU, memory, event loop, GC): once per process, never per test app. */
  processMetrics?: boolean;
}

/** The cause of an unavailability, or undefined when `error` is not one (isDatabaseUnavailable). */
export function unavailableCause(error: unknown): UnavailableCause | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  const state = sqlState(error);
  if (state === '57014') return 'statement_timeout';
  if (state === '53300') return 'too_many_connections';
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    // pg-pool's words when every connection stayed busy past connectionTimeoutMillis.
    if (/timeout exceeded when trying to connect/i.test(e.message)) return 'pool_wait';
  }
  return isConnectionLost(error) ? 'connection_lost' : undefined;
}

/**
 * The API's Prometheus series (docs/deploy.md, Metrics), in a registry of their own: each
 * `buildApp` has one, so tests never share counts, and the process's is the one server.ts
 * serves on its metrics listener. Gauges of pools, the replica and the outbox are read when
 * scraped, never polled.
 */
export function createApiMetrics(sources: ApiMetricsSources): ApiMetrics {
  const { registry, registers, request, streamOpened } = createServerMetrics<StreamKind>({
    processMetrics: sources.processMetrics ?? false,
    requests: {
      name: 'malewa_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status class (event streams excluded).',
    },
    streams: {
      name: 'malewa_sse_connections',
      help: 'Live streams (server-sent events) open now, by stream.',
      kinds: ['order', 'shop'],
    },
  });
  const checkouts = new Counter({
    name: 'malewa_checkouts_total',
    help: 'Checkout requests by outcome; a refusal by its reason (the checkout problem or error code).',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'malewa_payments_total',
    help: "Payment providers' notices by outcome: succeeded, failed, refunded (cart changed), already_settled, refused.",
    labelNames: ['outcome'] as const,
    registers,
  });
  const statementTimeouts = new Counter({
    name: 'malewa_db_statement_timeouts_total',
    help: 'Requests whose statement was cancelled by statement_timeout (SQLSTATE 57014).',
    registers,
  });
  const unavailable = new Counter({
    name: 'malewa_http_unavailable_total',
    help: 'Requests answered 503 because the database could not serve them, by cause.',
    labelNames: ['cause'] as const,
    registers,
  });
  const outboxFailures = new Counter({
    name: 'malewa_outbox_failures_total',
    help: 'Tries to send an outbox message that failed, by channel (each is tried again until it is dead).',
    labelNames: ['channel'] as const,
    registers,
  });

  new Gauge({
    name: 'malewa_db_pool_in_use',
    help: 'Pooled database connections lent out now, by pool (primary, replica). None on PGlite.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      const { pool, replica } = sources.database.stats();
      if (pool) this.set({ pool: 'primary' }, pool.total - pool.idle);
      if (replica) this.set({ pool: 'replica' }, replica.pool.total - replica.pool.idle);
    },
  });
  new Gauge({
    name: 'malewa_db_pool_waiting',
    help: 'Callers waiting for a pooled database connection now, by pool.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      const { pool, replica } = sources.database.stats();
      if (pool) this.set({ pool: 'primary' }, pool.waiting);
      if (replica) this.set({ pool: 'replica' }, replica.pool.waiting);
    },
  });
  new Gauge({
    name: 'malewa_db_pool_max',
    help: 'The most connections each pool opens (DB_POOL_MAX).',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      const { pool, replica } = sources.database.stats();
      if (pool) this.set({ pool: 'primary' }, pool.max);
      if (replica) this.set({ pool: 'replica' }, replica.pool.max);
    },
  });
  // The replica's series exist only beside a replica (DATABASE_READ_URL).
  if (sources.database.stats().replica) {
    new Gauge({
      name: 'malewa_db_replica_in_use',
      help: 'Whether catalog reads go to the read replica now (1) or to the primary (0).',
      registers,
      collect() {
        this.set(sources.database.stats().replica?.inUse ? 1 : 0);
      },
    });
    new Gauge({
      name: 'malewa_db_replica_lag_seconds',
      help: "The read replica's replay lag at its last check; NaN while it cannot be measured (down).",
      registers,
      collect() {
        const lagMs = sources.database.stats().replica?.lagMs;
        this.set(typeof lagMs === 'number' ? lagMs / 1000 : Number.NaN);
      },
    });
    // The routing pool counts fallbacks itself; the counter follows its totals at each scrape.
    const seenFallbacks = { down: 0, lagging: 0 };
    new Counter({
      name: 'malewa_db_replica_fallbacks_total',
      help: 'Catalog reads sent to the primary instead of the replica, by reason (down, lagging).',
      labelNames: ['reason'] as const,
      registers,
      collect() {
        const fallbacks = sources.database.stats().replica?.fallbacks;
        if (!fallbacks) return;
        for (const reason of ['down', 'lagging'] as const) {
          this.inc({ reason }, Math.max(0, fallbacks[reason] - seenFallbacks[reason]));
          seenFallbacks[reason] = fallbacks[reason];
        }
      },
    });
  }

  // Both outbox gauges come from one query per scrape (a scrape collects every series at once);
  // a database that does not answer leaves them as they were rather than failing the page.
  let outboxRead: Promise<OutboxStats | undefined> | undefined;
  const outboxStats = () => {
    outboxRead ??= sources.outbox
      .stats(new Date())
      .catch(() => undefined)
      .finally(() => {
        outboxRead = undefined;
      });
    return outboxRead;
  };
  new Gauge({
    name: 'malewa_outbox_messages',
    help: 'Messages in the outbox by state: pending (waiting to be sent) and dead (given up on).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const stats = await outboxStats();
      if (!stats) return;
      this.set({ state: 'pending' }, stats.pending);
      this.set({ state: 'dead' }, stats.dead);
    },
  });
  new Gauge({
    name: 'malewa_outbox_oldest_pending_age_seconds',
    help: 'How long the oldest pending message has waited; 0 when none waits.',
    registers,
    async collect() {
      const stats = await outboxStats();
      if (stats) this.set((stats.oldestPendingAgeMs ?? 0) / 1000);
    },
  });

  return {
    registry,
    request,
    checkout(outcome, reason) {
      checkouts.inc({ outcome, reason: reason ?? '' });
    },
    payment(outcome) {
      payments.inc({ outcome });
    },
    databaseError(error) {
      const cause = unavailableCause(error);
      if (!cause) return;
      unavailable.inc({ cause });
      if (cause === 'statement_timeout') statementTimeouts.inc();
    },
    streamOpened,
    outboxFailure(channel) {
      outboxFailures.inc({ channel });
    },
  };
}

/** The outbox's transports, each failed send counted (the worker itself logs and retries it). */
export function countingFailures<T extends Transports>(transports: T, metrics: Pick<ApiMetrics, 'outboxFailure'>): T {
  // One wrapper per transport: one that serves two channels is still closed once.
  const wrappers = new Map<Transport, Transport>();
  const counted = (transport: Transport): Transport => {
    const known = wrappers.get(transport);
    if (known) return known;
    const wrapper: Transport = {
      name: transport.name,
      send: (message) =>
        transport.send(message).catch((error: unknown) => {
          metrics.outboxFailure(message.channel);
          throw error;
        }),
      ...(transport.close ? { close: () => transport.close?.() } : {}),
    };
    wrappers.set(transport, wrapper);
    return wrapper;
  };
  return Object.fromEntries(
    Object.entries(transports).map(([channel, transport]) => [channel, transport && counted(transport)]),
  ) as T;
}
