import { openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts the API: config, database (migrated, seeded when empty), listen, graceful stop. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  await database.migrate();
  if (config.seedOnStart) await seedIfEmpty(database.db);

  let accepting = true;
  const app = await buildApp({ config, database, isAccepting: () => accepting });
  app.addHook('onClose', () => database.close());

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

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`Malewa API listening on ${address} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Malewa API failed to start:', error);
  }
  process.exit(1);
});
