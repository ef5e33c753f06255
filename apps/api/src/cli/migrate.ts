import { adminCommand, report } from './admin-command.ts';

/**
 * `npm run db:migrate` applies the committed migrations; `npm run db:seed` also fills an empty
 * database with the markets, their cities and the catalog. The API does both on start; this is
 * for deploys that migrate before they roll out new processes. While the product runs on the
 * embedded database, the product does it (cli/admin-command.ts).
 */
const seed = process.argv.includes('--seed');
await report(() => adminCommand(seed ? 'db:seed' : 'db:migrate', { command: 'migrate', seed }));
