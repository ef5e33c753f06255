import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreBackup } from '@malewa/db/backup';
import { loadConfig } from '../config.ts';

/**
 * `npm run db:restore -- <file>`: puts a backup of `npm run db:backup` into a new place: the
 * embedded database's DATA_DIR (a folder with no database yet), or the empty PostgreSQL
 * database of DATABASE_URL. It never writes over data; `npm start` then migrates and serves it.
 */
const given = process.argv[2];
if (!given) {
  console.error('Usage: npm run db:restore -- <backup file>   (into a new DATA_DIR, or an empty DATABASE_URL)');
  process.exit(2);
}
const file = resolve(given);
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}
const config = loadConfig(process.env);
try {
  if (config.database.kind === 'pglite') {
    await restoreBackup(file, { kind: 'pglite', dataDir: config.database.dataDir });
    console.log(`Restored ${file} into ${config.database.dataDir}; start the product with the same DATA_DIR.`);
  } else {
    await restoreBackup(file, { kind: 'postgres', url: config.database.url });
    console.log(`Restored ${file} into the database of DATABASE_URL; start the product with it.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
