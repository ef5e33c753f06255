import { adminCommand, report } from './admin-command.ts';

/**
 * `npm run provider:member -- <email or phone> <shop slug>`: lets an existing account run a
 * shop's orders through the provider API, for trying orders out in development. While the
 * product runs on the embedded database, the product does it (cli/admin-command.ts).
 */
const [identifier, shop] = process.argv.slice(2);
if (!identifier || !shop) {
  console.error('Usage: npm run provider:member -- <email address or phone number> <shop slug>');
  process.exit(2);
}

await report(() => adminCommand('provider:member', { command: 'add-provider-member', identifier, shop }));
