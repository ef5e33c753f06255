import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';

/**
 * `npm run cluster`: the production topology on this machine (scripts/cluster/cluster.ts),
 * until Ctrl-C. `-- --apis 3 --webs 2 --dir /tmp/x` to change it.
 */
const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    webs: { type: 'string', default: '2' },
    dir: { type: 'string', default: join(tmpdir(), 'malewa-cluster') },
  },
});

const started = Date.now();
const cluster = await startCluster({
  dir: values.dir,
  apis: Number(values.apis),
  webs: Number(values.webs),
  log: (line) => console.log(line),
});

const rows = [
  ['Storefront (nginx)', cluster.origin],
  ['API (nginx, internal)', `${cluster.apiOrigin}/api`],
  ...cluster.apis.map((api) => [
    api.name,
    `http://127.0.0.1:${api.port}  metrics http://127.0.0.1:${api.metricsPort}/metrics`,
  ]),
  ...cluster.webs.map((web) => [
    web.name,
    `http://127.0.0.1:${web.port}  metrics http://127.0.0.1:${web.metricsPort}/metrics`,
  ]),
  ['PostgreSQL primary', cluster.primary.url],
  ['PostgreSQL replica', `${cluster.replica.url}  (streaming, catalog reads)`],
  ['Redis', cluster.redis.url],
  ['Logs and data', cluster.dir],
];
console.log(`\nMalewa's cluster is up in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
for (const [name, address] of rows) console.log(`  ${name?.padEnd(24)} ${address}`);
console.log('\nCtrl-C stops it all.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
