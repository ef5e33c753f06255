import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTestOidcServer } from '../apps/api/src/testing/oidc-provider.ts';
import { selfSignedCertificate } from '../apps/api/src/testing/push-service.ts';
import { e2eDatabaseName, isStaleE2eDatabase } from '../scripts/e2e-database.ts';
import { E2E_OPERATOR } from './outbox.ts';
import { pushCertificateDir } from './push-service.ts';

/**
 * Runs `node scripts/start.ts` (what `npm start` runs) for the e2e suite. With
 * TEST_DATABASE_URL it gets a fresh PostgreSQL database; otherwise PGlite in a temporary
 * folder. Either is removed when the product stops.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const env: NodeJS.ProcessEnv = { ...process.env };
let cleanup: () => Promise<void>;

if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A run killed hard leaves its database behind: clear those, but only those old enough
  // that no run beside this one (other ports, same server) can still be using them.
  const existing = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'malewa_e2e_%'",
  );
  for (const { datname } of existing.rows) {
    if (isStaleE2eDatabase(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
  const name = e2eDatabaseName();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'malewa-e2e-'));
  env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
}

// Each process's metrics on a free port of its own: a developer's `npm start` beside the suite
// holds the default ones (9464, 9465).
env.METRICS_PORT ||= '0';
env.WEB_METRICS_PORT ||= '0';

// The pictures drawn in this run, kept apart from the developer's own .data/media.
const mediaDir = mkdtempSync(join(tmpdir(), 'malewa-e2e-media-'));
env.MEDIA_DIR = mediaDir;

// "Continue with Google" against a real OpenID provider on this machine (e2e/oidc.ts scripts
// who signs in there); Facebook stays off, so the suite sees a disabled provider too.
const oidc = await startTestOidcServer({
  redirectUris: [`http://localhost:${env.WEB_PORT}/auth/account/google/callback`],
  port: Number(env.E2E_OIDC_PORT),
  scriptable: true,
});
env.OIDC_GOOGLE_ISSUER = oidc.issuer;
env.OIDC_GOOGLE_CLIENT_ID = oidc.clientId;
env.OIDC_GOOGLE_CLIENT_SECRET = oidc.clientSecret;

// Web Push to a push service of the suite's own (e2e/push-service.ts): HTTPS with a certificate
// made here, which the product trusts and the spec serves with.
const pushCertificate = selfSignedCertificate(pushCertificateDir(Number(env.WEB_PORT)));
env.NODE_EXTRA_CA_CERTS = pushCertificate.certPath;

/** Runs one of the repository's scripts on the product's environment, `input` on its stdin. */
function runScript(args: string[], input = ''): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = spawn(process.execPath, args, { env, stdio: ['pipe', 'ignore', 'inherit'] });
    script.stdin.end(input);
    script.on('error', reject);
    script.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

// Messages of an earlier run would only confuse the tests that read codes from the outbox.
if (env.OUTBOX_DIR) rmSync(env.OUTBOX_DIR, { recursive: true, force: true });

// The database seeded as the product's start would, with the shops' hours the suite counts on
// (e2e/shops.ts).
await runScript(['e2e/open-shops.ts']);

// The suite's operator, made as a deployment makes its first one (`npm run operator:create`),
// before the product starts on the same database.
await runScript(['apps/api/src/cli/create-operator.ts', E2E_OPERATOR.identifier], `${E2E_OPERATOR.password}\n`);
// The suite's shopkeeper, one of a seeded kitchen's people (e2e/shops.ts).
await runScript(['e2e/shop-keeper.ts']);

const product = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: 'inherit' });
const stop = () => product.kill('SIGTERM');
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
product.on('exit', async (code) => {
  await oidc.close().catch(() => undefined);
  await cleanup().catch((error: unknown) => console.error('e2e cleanup failed:', error));
  rmSync(mediaDir, { recursive: true, force: true });
  pushCertificate.cleanup();
  process.exit(code ?? 0);
});
