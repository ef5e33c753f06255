import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from '../run-services.ts';

/**
 * The production topology on one machine, from Debian's packages (issue 34): a PostgreSQL
 * primary and a streaming replica (two clusters: initdb, pg_basebackup), Redis, N API and N
 * storefront processes, and nginx in front with the config `deploy/nginx` ships. Nothing here
 * is a cluster of our own making: each part is the engine a deployment runs.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PG_BIN = '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: its clusters belong to the `postgres` user then. */
const AS_ROOT = userInfo().uid === 0;

export interface ClusterPorts {
  primary: number;
  replica: number;
  redis: number;
  /** The first API process's; the others follow. */
  api: number;
  web: number;
  /** The first API process's /metrics; the storefronts' start at `metrics + 100`. */
  metrics: number;
}

export interface ClusterOptions {
  dir: string;
  apis?: number;
  webs?: number;
  ports?: Partial<ClusterPorts>;
  /** Variables for every API and storefront process, over the cluster's own. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/** nginx's listeners, from deploy/nginx/malewa.conf. */
export const NGINX_PUBLIC_PORT = 8080;
export const NGINX_API_PORT = 8081;

export const DEFAULT_PORTS: ClusterPorts = {
  primary: 55432,
  replica: 55433,
  redis: 56379,
  api: 4101,
  web: 3101,
  metrics: 9471,
};

/** One of the cluster's node processes (an API or a storefront), which a fault may kill and start again. */
export interface NodeProcess {
  readonly name: string;
  readonly port: number;
  readonly metricsPort: number;
  readonly pid: number | undefined;
  readonly running: boolean;
  start(): Promise<void>;
  /** Sends `signal` and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A PostgreSQL server of the cluster. */
export interface PgServer {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  start(): void;
  /** `fast`: ends sessions and stops cleanly; `immediate`: as a crash, recovery on start. */
  stop(mode?: 'fast' | 'immediate'): void;
  restart(): void;
  /** Runs SQL through psql, as the superuser; rows as tab-separated lines. */
  psql(sql: string, database?: string): string;
}

export interface Cluster {
  /** The public address: nginx in front of the storefronts. */
  readonly origin: string;
  /** nginx's listener in front of the APIs (the storefronts' BASE_API_URL). */
  readonly apiOrigin: string;
  readonly apis: NodeProcess[];
  readonly webs: NodeProcess[];
  readonly primary: PgServer;
  readonly replica: PgServer;
  readonly redis: { readonly url: string; start(): Promise<void>; stop(): Promise<void> };
  readonly dir: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, what: string, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what} exited before it was ready (its log is in the cluster folder).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${what} was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
function pgRun(program: string, args: string[], options: { input?: string } = {}): string {
  const [command, fullArgs] = AS_ROOT
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
  return execFileSync(command, fullArgs, {
    encoding: 'utf8',
    input: options.input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function ownForPostgres(path: string): void {
  mkdirSync(path, { recursive: true });
  if (!AS_ROOT) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
}

function pgServer(name: string, dataDir: string, port: number, socketDir: string, logFile: string): PgServer {
  const server: PgServer = {
    name,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/malewa`,
    start() {
      pgRun('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
    },
    stop(mode = 'fast') {
      pgRun('pg_ctl', ['-D', dataDir, '-w', '-m', mode, 'stop']);
    },
    restart() {
      pgRun('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-m', 'fast', 'restart']);
    },
    psql(sql, database = 'malewa') {
      return pgRun('psql', ['-X', '-q', '-A', '-t', '-h', socketDir, '-p', String(port), '-d', database, '-c', sql]);
    },
  };
  return server;
}

/** Makes the primary (initdb) and the replica (pg_basebackup from it), and starts both. */
function makeDatabases(dir: string, ports: ClusterPorts): { primary: PgServer; replica: PgServer } {
  const pgDir = join(dir, 'pg');
  ownForPostgres(pgDir);
  const socketDir = join(pgDir, 'sockets');
  ownForPostgres(socketDir);
  const primaryDir = join(pgDir, 'primary');
  const replicaDir = join(pgDir, 'replica');
  pgRun('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // PostgreSQL 15's defaults already stream (wal_level replica, 10 WAL senders, hot standby).
  writeFileSync(
    join(primaryDir, 'postgresql.auto.conf'),
    [
      `port = ${ports.primary}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${socketDir}'`,
      // Room for 2 API pools of 10 and the replica's own, with spare for psql and pg_dump.
      'max_connections = 100',
      'wal_keep_size = 256MB',
      '',
    ].join('\n'),
  );
  // The replication role's line: trust on loopback only, for a cluster on one's own machine.
  // A deployment uses a password from a passfile (deploy/compose.yaml).
  const hba = join(primaryDir, 'pg_hba.conf');
  execFileSync('sh', ['-c', `echo 'host replication replicator 127.0.0.1/32 trust' >> '${hba}'`]);
  const primary = pgServer('primary', primaryDir, ports.primary, socketDir, join(dir, 'logs', 'postgres-primary.log'));
  primary.start();
  primary.psql('create role replicator with replication login', 'postgres');
  primary.psql('create database malewa', 'postgres');
  pgRun('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'replicator', '-D', replicaDir],
    ...['-R', '-X', 'stream', '-C', '-S', 'replica1', '-c', 'fast'],
  ]);
  execFileSync('sh', ['-c', `echo "port = ${ports.replica}" >> '${join(replicaDir, 'postgresql.auto.conf')}'`]);
  const replica = pgServer('replica', replicaDir, ports.replica, socketDir, join(dir, 'logs', 'postgres-replica.log'));
  replica.start();
  return { primary, replica };
}

/** A node process (API or storefront) that can be killed and started again with the same settings. */
function nodeProcess(
  name: string,
  script: string,
  port: number,
  metricsPort: number,
  env: Record<string, string>,
  dir: string,
  readyPath: string,
): NodeProcess {
  let child: ChildProcess | undefined;
  const logFile = join(dir, 'logs', `${name}.log`);
  return {
    name,
    port,
    metricsPort,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      const log = openSync(logFile, 'a');
      const started = spawn(process.execPath, [script], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      child = started;
      await waitFor(
        `http://127.0.0.1:${port}${readyPath}`,
        name,
        120_000,
        () => started.exitCode === null && started.signalCode === null,
      );
    },
    async kill(signal) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}

/** Starts the whole topology in `dir` (emptied first). */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const log = options.log ?? (() => undefined);
  const dir = options.dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'logs'), { recursive: true });
  // The postgres user writes its logs here.
  chmodSync(join(dir, 'logs'), 0o777);
  chmodSync(dir, 0o755);

  const started: { stop(): Promise<void> | void }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) {
      try {
        await part.stop();
      } catch {
        // Already stopped.
      }
    }
  };
  try {
    log('Building the storefront if it is stale…');
    buildWebIfStale();

    log(`PostgreSQL primary on ${ports.primary}, streaming replica on ${ports.replica}…`);
    const { primary, replica } = makeDatabases(dir, ports);
    started.push({ stop: () => primary.stop('fast') }, { stop: () => replica.stop('fast') });

    log(`Redis on ${ports.redis}…`);
    let redisChild: ChildProcess | undefined;
    const redis = {
      url: `redis://127.0.0.1:${ports.redis}`,
      async start() {
        const redisLog = openSync(join(dir, 'logs', 'redis.log'), 'a');
        redisChild = spawn(
          'redis-server',
          ['--bind', '127.0.0.1', '--port', String(ports.redis), '--save', '', '--appendonly', 'no'],
          { stdio: ['ignore', redisLog, redisLog] },
        );
        closeSync(redisLog);
        for (let i = 0; i < 50; i++) {
          try {
            execFileSync('redis-cli', ['-p', String(ports.redis), 'ping'], { stdio: 'pipe' });
            return;
          } catch {
            await sleep(100);
          }
        }
        throw new Error('Redis did not start.');
      },
      async stop() {
        const child = redisChild;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
    await redis.start();
    started.push(redis);

    const secret = randomBytes(32).toString('base64url');
    const origin = `http://127.0.0.1:${NGINX_PUBLIC_PORT}`;
    const apiOrigin = `http://127.0.0.1:${NGINX_API_PORT}`;
    const shared = {
      STOREFRONT_SECRET: secret,
      PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_ORIGIN: origin,
      DATA_DIR: join(dir, 'data'),
      LOG_FORMAT: 'json',
      ...options.env,
    };
    const apiEnv = {
      ...shared,
      API_HOST: '127.0.0.1',
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      REDIS_URL: redis.url,
      ...options.env,
    };
    const apis = Array.from({ length: options.apis ?? 2 }, (_, i) =>
      nodeProcess(
        `api${i + 1}`,
        'apps/api/src/server.ts',
        ports.api + i,
        ports.metrics + i,
        { ...apiEnv, API_PORT: String(ports.api + i), METRICS_PORT: String(ports.metrics + i) },
        dir,
        '/readyz',
      ),
    );
    // One migrates and seeds; then the others start on a ready database.
    log(`API processes on ${apis.map((api) => api.port).join(', ')}…`);
    for (const api of apis) {
      await api.start();
      started.push({ stop: () => api.kill('SIGTERM') });
    }

    const nginx = startNginx(dir, ports, apis.length, options.webs ?? 2);
    started.push(nginx);
    await waitFor(`${apiOrigin}/readyz`, 'nginx', 10_000, () => nginx.running);

    const webs = Array.from({ length: options.webs ?? 2 }, (_, i) =>
      nodeProcess(
        `web${i + 1}`,
        'apps/web/server/main.ts',
        ports.web + i,
        ports.metrics + 100 + i,
        {
          ...shared,
          WEB_HOST: '127.0.0.1',
          WEB_PORT: String(ports.web + i),
          WEB_METRICS_PORT: String(ports.metrics + 100 + i),
          BASE_API_URL: `${apiOrigin}/api`,
          AUTH_API_URL: `${apiOrigin}/auth`,
          // nginx names the shopper in X-Forwarded-For.
          WEB_TRUST_PROXY: '127.0.0.1',
        },
        dir,
        '/healthz',
      ),
    );
    log(`Storefront processes on ${webs.map((web) => web.port).join(', ')}…`);
    for (const web of webs) {
      await web.start();
      started.push({ stop: () => web.kill('SIGTERM') });
    }
    await waitFor(`${origin}/healthz`, 'nginx', 10_000, () => nginx.running);

    return { origin, apiOrigin, apis, webs, primary, replica, redis, dir, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** nginx with deploy/nginx/malewa.conf, its upstreams this cluster's processes. */
function startNginx(
  dir: string,
  ports: ClusterPorts,
  apis: number,
  webs: number,
): { running: boolean; stop(): Promise<void> } {
  const nginxDir = join(dir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  // Workers may run as another user when we are root: their temporary files must be writable.
  chmodSync(nginxDir, 0o777);
  const servers = (first: number, count: number) =>
    Array.from({ length: count }, (_, i) => `    server 127.0.0.1:${first + i} max_fails=1 fail_timeout=5s;`).join(
      '\n',
    );
  const conf = join(nginxDir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Written by npm run cluster: the wrapper around deploy/nginx/malewa.conf.
worker_processes 1;
pid ${join(nginxDir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${join(nginxDir, 'body')};
  proxy_temp_path ${join(nginxDir, 'proxy')};
  fastcgi_temp_path ${join(nginxDir, 'fastcgi')};
  uwsgi_temp_path ${join(nginxDir, 'uwsgi')};
  scgi_temp_path ${join(nginxDir, 'scgi')};
  upstream malewa_web {
${servers(ports.web, webs)}
    keepalive 32;
  }
  upstream malewa_api {
${servers(ports.api, apis)}
    keepalive 32;
  }
  include ${join(root, 'deploy', 'nginx', 'malewa.conf')};
  access_log ${join(dir, 'logs', 'nginx-access.log')} malewa;
}
`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', nginxDir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
