// Before anything it traces (tracing.ts); with OTEL_EXPORTER_OTLP_ENDPOINT unset it loads nothing.
import './tracing.ts';
import { dirname } from 'node:path';
import { DataDirInUseError } from '@malewa/db/data-dir-lock';
import { openDatabase } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { localMediaStore } from '@malewa/media/media-store';
import { startMetricsListener } from '@malewa/telemetry/metrics-listener';
import { Redis } from 'ioredis';
import { adminSocketPath, startAdminChannel } from './admin/admin-channel.ts';
import { runAdminCommand } from './admin/run-admin-command.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createInProcessBus, createRedisBus } from './events/event-bus.ts';
import { createAccountRepository } from './features/account/account-repository.ts';
import { createIdentityRepository } from './features/auth/identity-repository.ts';
import { createSessionRepository } from './features/auth/session-repository.ts';
import { createVerificationRepository } from './features/auth/verification-repository.ts';
import { createCartRepository } from './features/carts/cart-repository.ts';
import { createJobRepository } from './features/delivery/job-repository.ts';
import { createRiderRepository } from './features/delivery/rider-repository.ts';
import { createLedgerRepository } from './features/ledger/ledger-repository.ts';
import { createListingRepository } from './features/listings/listing-repository.ts';
import { prunePhotos } from './features/listings/prune-photos.ts';
import { createStockRepository } from './features/listings/stock-repository.ts';
import { createNotificationsRepository } from './features/notifications/notifications-repository.ts';
import { createPushRepository } from './features/notifications/push-repository.ts';
import { createCouponRepository } from './features/offers/coupon-repository.ts';
import { createOrderRepository } from './features/orders/order-repository.ts';
import { createPaymentRepository } from './features/payments/payment-repository.ts';
import { createRefundRepository } from './features/payments/refund-repository.ts';
import { startDispatcher } from './flows/dispatch-jobs.ts';
import { startTimeOuts } from './flows/time-out-orders.ts';
import { pruneExpired } from './maintenance/prune-expired.ts';
import { createOutboxRepository } from './messages/outbox-repository.ts';
import { startOutboxWorker } from './messages/outbox-worker.ts';
import { createPushTransport } from './messages/push-transport.ts';
import { createTransports } from './messages/transports.ts';
import { vapidKeySource } from './messages/vapid-keys.ts';
import { countingFailures, createApiMetrics } from './metrics/api-metrics.ts';
import { createSandboxGateway } from './payments/payment-gateway.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limit/rate-limiter.ts';

/** Starts the API: config, database (migrated, seeded when empty), listen, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = openDatabase(
    config.database.kind === 'pglite' ? { ...config.database, command: 'the Malewa API' } : config.database,
  );
  await database.migrate();
  if (config.seedOnStart) {
    await seedIfEmpty(database.db);
    await seedCatalogIfEmpty(database.db);
  }

  // Redis may go away: a command then fails within a second rather than waiting for it, and
  // the loss and the return are logged once each (docs/deploy.md, "When a part fails").
  let redisDown = false;
  // The app's logger once it exists; before, the terminal.
  let warn = (message: string) => console.error(message);
  const redisClient = (url: string, role: string) =>
    new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000 })
      .on('error', (error: Error) => {
        if (redisDown) return;
        redisDown = true;
        warn(
          `Redis unreachable (${role}: ${error.message}): rate limits are counted per process and live pages of other processes poll until it is back`,
        );
      })
      .on('ready', () => {
        if (!redisDown) return;
        redisDown = false;
        warn('Redis is back: rate limits and live events are shared again');
      });

  // With several API processes the limits must be counted in one place: Redis.
  const rateLimiter = config.redis
    ? createRedisRateLimiter(redisClient(config.redis.url, 'rate limits'), config.redis.keyPrefix)
    : createMemoryRateLimiter();

  // Order moves reach the live pages of every process through Redis; alone, in process.
  const events = config.redis
    ? createRedisBus(
        redisClient(config.redis.url, 'events'),
        // The subscriber waits for messages: a command time-out would cut it off.
        new Redis(config.redis.url).on('error', () => {}),
        `${config.redis.keyPrefix}events:`,
      )
    : createInProcessBus();

  let accepting = true;
  const gateway = createSandboxGateway(config.payments.webhookSecret);
  // Web Push's keys: configured, else made by the first process to start and kept for all.
  const pushSubscriptions = createPushRepository(database.db);
  const vapidKeys = vapidKeySource(config.messages.push, pushSubscriptions);
  await vapidKeys();
  // The process's series, Node's own included, on a listener of their own (METRICS_PORT).
  const metrics = createApiMetrics({
    database,
    outbox: createOutboxRepository(database.db),
    processMetrics: true,
  });
  const app = await buildApp({
    metrics,
    config,
    database,
    rateLimiter,
    events,
    gateway,
    vapidKeys,
    isAccepting: () => accepting,
  });
  warn = (message) => app.log.warn(message);
  const transports = countingFailures(
    { ...createTransports(config.messages), push: createPushTransport(pushSubscriptions, vapidKeys) },
    metrics,
  );
  const outbox = startOutboxWorker(database.db, transports, app.log, config.messages);
  // Hourly, and once shortly after start: several processes may prune at once, harmlessly.
  const owners = {
    verification: createVerificationRepository(database.db),
    identities: createIdentityRepository(database.db),
    sessions: createSessionRepository(database.db),
    outbox: createOutboxRepository(database.db),
    jobs: createJobRepository(database.db),
  };
  // Offers that lapsed move on, and jobs nobody took alert their shop: in every process, each
  // job claimed by one (docs/decisions/0034).
  const dispatcher = startDispatcher(
    {
      jobs: owners.jobs,
      riders: createRiderRepository(database.db),
      dispatch: config.dispatch,
      notices: createNotificationsRepository(database.db),
      push: pushSubscriptions,
      outbox: owners.outbox,
      publicOrigin: config.messages.publicOrigin,
      transaction: database.transaction,
    },
    config.dispatch.pollMs,
    app.log,
  );
  // Orders no shop accepted in time are rejected, payments nobody approved expire: in every
  // process, each order claimed by one (docs/decisions/0035).
  const timeOuts = startTimeOuts(
    {
      orders: createOrderRepository(database.db),
      stock: createStockRepository(database.db),
      coupons: createCouponRepository(database.db),
      carts: createCartRepository(database.db),
      jobs: owners.jobs,
      ledger: createLedgerRepository(database.db),
      credits: createAccountRepository(database.db),
      payments: createPaymentRepository(database.db),
      refunds: createRefundRepository(database.db),
      gateway,
      log: app.log,
      events,
      notices: createNotificationsRepository(database.db),
      push: pushSubscriptions,
      outbox: owners.outbox,
      publicOrigin: config.messages.publicOrigin,
      transaction: database.transaction,
      timeouts: config.timeouts,
    },
    config.timeouts.pollMs,
    app.log,
  );
  const photos = { listings: createListingRepository(database.db), media: localMediaStore(config.mediaDir) };
  const prune = async () => {
    try {
      const { deleted, failed } = await pruneExpired(owners, new Date());
      app.log.info({ deleted }, 'pruned expired account data');
      for (const [table, error] of Object.entries(failed)) app.log.error({ err: error, table }, 'pruning failed');
      const swept = await prunePhotos(photos, new Date());
      app.log.info({ retired: swept.retired, deleted: swept.deleted }, "swept providers' photos no listing names");
      for (const { id, error } of swept.failed)
        app.log.error({ err: error, photo: id }, "a photo's files could not be removed");
    } catch (error) {
      // Listing the photos failed: the next hour tries again.
      app.log.error({ err: error }, 'pruning failed');
    }
  };
  const firstPrune = setTimeout(prune, 60_000);
  const pruning = setInterval(prune, 60 * 60_000);
  firstPrune.unref();
  pruning.unref();
  // The embedded database takes one process: admin commands run in this one (decision 30).
  const admin =
    config.database.kind === 'pglite' && database.lock
      ? await startAdminChannel({
          socket: adminSocketPath(dirname(config.database.dataDir)),
          run: (request) => runAdminCommand({ database, auth: config.auth }, request),
          logger: app.log,
        })
      : undefined;
  if (admin) database.lock?.announceAdmin({ socket: admin.socket, token: admin.token });
  app.addHook('onClose', async () => {
    await admin?.close();
    clearTimeout(firstPrune);
    clearInterval(pruning);
    await dispatcher.stop();
    await timeOuts.stop();
    await outbox.stop();
    await rateLimiter.close();
    await events.close();
    await database.close();
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    accepting = false;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      // Stops accepting connections, waits for in-flight requests, then closes the pool.
      await app.close();
      process.exitCode = 0;
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  const metricsAt = config.metrics;
  const metricsListener = metricsAt
    ? await startMetricsListener(metrics.registry, metricsAt.host, metricsAt.port).catch((error: unknown) => {
        // Two processes on one machine each need a port of their own (or none).
        throw new ConfigError([
          `METRICS_PORT: cannot listen on ${metricsAt.host}:${metricsAt.port} (${(error as NodeJS.ErrnoException).code}): choose another port, 0 for any free one, or off`,
        ]);
      })
    : undefined;
  app.addHook('onClose', async () => {
    await metricsListener?.close();
  });
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`Malewa API listening on ${address} (database: ${database.kind})`);
  app.log.info(metricsListener ? `Metrics on ${metricsListener.url}` : 'Metrics off (METRICS_PORT=off)');
  app.log.info(
    `Messages: email by ${transports.email.name}, SMS by ${transports.sms.name}, push by ${transports.push.name}` +
      (transports.email.name === 'file' || transports.sms.name === 'file'
        ? ` (files in ${config.messages.outboxDir})`
        : ''),
  );
  app.log.info(`Rate limits counted and order moves shared ${config.redis ? 'in Redis' : 'in this process'}`);
  app.log.info(`Payments: ${gateway.name} provider (no money moves)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Malewa API failed to start:', error);
  }
  process.exit(1);
});
