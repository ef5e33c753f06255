import type { RunAdminCommandRequest, RunAdminCommandResponse } from '@malewa/contracts/admin/run-admin-command';
import { liveHolderOf } from '@malewa/db/data-dir-lock';
import { openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { sendAdminCommand } from '../admin/admin-client.ts';
import { runAdminCommand } from '../admin/run-admin-command.ts';
import { loadConfig } from '../config.ts';

/**
 * Runs an admin command where the database is: on PostgreSQL, and on an embedded database no
 * process has open, by opening it here; on an embedded database the product has open, by
 * asking the product through its admin channel (the folder takes one process at a time).
 */
export async function adminCommand(name: string, request: RunAdminCommandRequest): Promise<RunAdminCommandResponse> {
  const config = loadConfig(process.env);
  if (config.database.kind === 'pglite') {
    const holder = liveHolderOf(config.database.dataDir);
    if (holder?.admin) return sendAdminCommand(holder.admin, request);
    if (holder) {
      throw new Error(
        `The embedded database in ${config.database.dataDir} is in use by process ${holder.pid} (${holder.command}), ` +
          'which takes no admin commands: wait until it has finished, or stop it, and run this again.',
      );
    }
  }
  const database = openDatabase(
    config.database.kind === 'pglite' ? { ...config.database, command: `npm run ${name}` } : config.database,
  );
  try {
    // As the product's start would: its tables, and the markets an account belongs to.
    if (request.command !== 'backup') {
      await database.migrate();
      if (request.command !== 'migrate') await seedIfEmpty(database.db);
    }
    return await runAdminCommand({ database, auth: config.auth }, request);
  } finally {
    await database.close();
  }
}

/** Prints what a command answered; any refusal becomes its message and exit code 1. */
export async function report(work: () => Promise<RunAdminCommandResponse>): Promise<void> {
  try {
    for (const line of (await work()).messages) console.log(line);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
