import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { adminCommand, report } from './admin-command.ts';

/**
 * `npm run db:backup [-- <file>]`: a backup of the database, taken while the product runs: the
 * embedded database's folder as a tarball (the running product writes it), PostgreSQL's as a
 * pg_dump archive. Without a file, `malewa-<time>.<kind>` in the current folder.
 */
const config = loadConfig(process.env);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(
  process.argv[2] ?? `malewa-${stamp}.${config.database.kind === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`,
);
await report(() => adminCommand('db:backup', { command: 'backup', file }));
