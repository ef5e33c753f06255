import { randomBytes } from 'node:crypto';

/**
 * The names of the PostgreSQL databases the e2e product runs on (e2e/start-product.ts):
 * `malewa_e2e_<epoch seconds>_<random>`, so that a run can tell a database left behind by a
 * run killed hard (hours old) from one a run beside it is using right now (minutes old), and
 * clear only the former. Several e2e runs share one server, each on its own ports.
 */
export const E2E_DATABASE_PREFIX = 'malewa_e2e_';

/** No e2e run lasts this long: a database older than this was left behind. */
export const STALE_AFTER_SECONDS = 6 * 60 * 60;

export function e2eDatabaseName(now: Date = new Date()): string {
  return `${E2E_DATABASE_PREFIX}${Math.floor(now.getTime() / 1000)}_${randomBytes(6).toString('hex')}`;
}

/**
 * Whether a database is an e2e run's that was left behind: named by a run that started more
 * than six hours ago. A name without a time (`malewa_e2e_<uuid>`, from before names carried
 * one) cannot be dated, and a run of that older code may be using it right now: left alone.
 */
export function isStaleE2eDatabase(name: string, now: Date = new Date()): boolean {
  const dated = /^malewa_e2e_(\d{10,})_[0-9a-f]+$/.exec(name);
  return dated !== null && now.getTime() / 1000 - Number(dated[1]) > STALE_AFTER_SECONDS;
}
