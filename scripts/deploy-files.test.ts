import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { JOIN_UPLOAD_LIMIT_BYTES } from '../apps/web/app/features/join/join-paths.ts';

// deploy/ can't be built or applied here (no Docker daemon, no cluster): this reads each file
// and holds it to what docs/deploy.md promises. nginx -t and kubectl kustomize run when the
// binaries are there.

const ROOT = resolve(import.meta.dirname, '..');
const DEPLOY = join(ROOT, 'deploy');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, whose shape is what the assertions check.
type Yaml = { [key: string]: any };

/** Variables of a KEY=value file (`.env.example`'s commented ones too). */
function variablesOf(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^#? ?([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
    if (match?.[1]) found.set(match[1], match[2] ?? '');
  }
  return found;
}

// --- docs/deploy.md's variable tables ---

type Reader = 'api' | 'web' | 'both' | 'tests';
interface Row {
  reader: Reader;
  secret: boolean;
  deploy: 'set' | 'optional' | 'tests';
}

const READERS: Record<string, Reader> = {
  'The API': 'api',
  'The storefront': 'web',
  Both: 'both',
  'Tests and benchmarks': 'tests',
};

function documentedVariables(): Map<string, Row> {
  const doc = read('docs/deploy.md');
  const section = doc.slice(doc.indexOf('\n## Variables\n'), doc.indexOf('\n## Migrations\n'));
  const rows = new Map<string, Row>();
  let reader: Reader | undefined;
  for (const line of section.split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading?.[1]) reader = READERS[heading[1]];
    const row = /^\| `([A-Z][A-Z0-9_]+)` \| (yes)? *\| (set|optional|tests) \|/.exec(line);
    if (row?.[1] && reader) {
      rows.set(row[1], { reader, secret: row[2] === 'yes', deploy: row[3] as Row['deploy'] });
    }
  }
  return rows;
}

// --- the compose file ---

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as Yaml;
const services = compose.services as Record<string, Yaml>;
const environmentOf = (service: string) => (services[service]?.environment ?? {}) as Record<string, string>;

/** The Dockerfile's `ENV` settings of its last stage: compose's processes have them too. */
function imageEnvironment(): Map<string, string> {
  const lines = logicalLines(read('deploy/Dockerfile'));
  const last = lines.findLastIndex((line) => /^FROM /i.test(line));
  const found = new Map<string, string>();
  for (const line of lines.slice(last)) {
    if (!/^ENV /i.test(line)) continue;
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z][A-Z0-9_]*)=(\S+)/g)) {
      if (name && value) found.set(name, value);
    }
  }
  return found;
}

/** A Dockerfile's instructions, continuation lines joined and comments dropped. */
function logicalLines(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

// --- Kubernetes ---

const K8S = join(DEPLOY, 'k8s');
function documentsIn(folder: string): Yaml[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) =>
      parseAllDocuments(readFileSync(join(folder, name), 'utf8')).map((document) => {
        expect(document.errors, name).toEqual([]);
        return document.toJS() as Yaml;
      }),
    );
}
const base = documentsIn(join(K8S, 'base'));
const production = documentsIn(join(K8S, 'overlays/production'));
const ofKind = (documents: Yaml[], kind: string) => documents.filter((document) => document.kind === kind);
const deployments = ofKind(base, 'Deployment');
const configValues = variablesOf(read('deploy/k8s/base/config.env'));
const secretKeys = variablesOf(read('deploy/k8s/base/secrets.env.example'));
const overlay = production.find((document) => document.kind === 'Kustomization') as Yaml;
const overlayLiterals = new Map<string, string>(
  overlay.configMapGenerator
    .flatMap((generator: Yaml) => generator.literals ?? [])
    .map((literal: string) => literal.split('=', 2) as [string, string]),
);
const deploymentOf = (component: string) =>
  deployments.find((d) => d.metadata.labels['app.kubernetes.io/component'] === component) as Yaml;

describe('compose.yaml', () => {
  it('runs every service of the topology', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api1', 'api2', 'db-primary', 'db-replica', 'migrate', 'nginx', 'redis', 'web1', 'web2'].sort(),
    );
  });

  it('starts each service after what it needs', () => {
    const conditions = (service: string) =>
      Object.fromEntries(
        Object.entries(services[service]?.depends_on ?? {}).map(([name, spec]) => [name, (spec as Yaml).condition]),
      );
    for (const api of ['api1', 'api2']) {
      expect(conditions(api)).toEqual({
        migrate: 'service_completed_successfully',
        'db-primary': 'service_healthy',
        'db-replica': 'service_healthy',
        redis: 'service_healthy',
      });
    }
    expect(conditions('migrate')).toEqual({ 'db-primary': 'service_healthy' });
    expect(conditions('db-replica')).toEqual({ 'db-primary': 'service_healthy' });
    for (const web of ['web1', 'web2']) {
      expect(conditions(web)).toEqual({ api1: 'service_healthy', api2: 'service_healthy' });
    }
    expect(Object.keys(conditions('nginx')).sort()).toEqual(['api1', 'api2', 'web1', 'web2']);
    expect(services.migrate?.command).toEqual(['npm', 'run', 'db:seed']);
  });

  it('makes the replica from the primary by streaming, the password in a password file', () => {
    expect(services['db-primary']?.image).toMatch(/^postgres:15/);
    expect(services['db-replica']?.image).toMatch(/^postgres:15/);
    expect(services['db-primary']?.volumes).toContain(
      './postgres/primary-init.sh:/docker-entrypoint-initdb.d/10-replication.sh:ro',
    );
    const replica = environmentOf('db-replica');
    expect(replica.PGPASSFILE).toBeTruthy();
    expect(replica).not.toHaveProperty('PGPASSWORD');
    const entrypoint = read('deploy/postgres/replica-entrypoint.sh');
    expect(entrypoint).toMatch(/pg_basebackup [^\n]*\\\n\s+-R -X stream -C -S "\$slot"/);
    expect(entrypoint).toContain('"$PGPASSFILE"');
    expect(read('deploy/postgres/primary-init.sh')).toContain('host replication replicator');
  });

  it('points the APIs at the primary, the replica and Redis, and the storefronts at nginx', () => {
    for (const api of ['api1', 'api2']) {
      const env = environmentOf(api);
      const hostOf = (url = '') => new URL(url.replace(/\$\{[^}]*\}/g, 'x')).host;
      expect(hostOf(env.DATABASE_URL)).toBe('db-primary:5432');
      expect(hostOf(env.DATABASE_READ_URL)).toBe('db-replica:5432');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
    }
    for (const web of ['web1', 'web2']) {
      expect(environmentOf(web).BASE_API_URL).toBe('http://nginx:8081/api');
      expect(environmentOf(web).AUTH_API_URL).toBe('http://nginx:8081/auth');
    }
    expect(services.nginx?.image).toMatch(/^nginx:/);
    // The public listener alone: 8081 (the way to the API) stays on the compose network.
    expect(services.nginx?.ports).toEqual([expect.stringMatching(/:8080$/)]);
  });

  it('mounts only files that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of (service.volumes ?? []) as string[]) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./')) expect(existsSync(join(DEPLOY, source)), `${name}: ${source}`).toBe(true);
      }
    }
  });

  it('takes every setting it interpolates from compose.env.example', () => {
    const template = variablesOf(read('deploy/compose.env.example'));
    const used = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);
    for (const name of new Set(used)) expect(template.has(name ?? ''), name).toBe(true);
    for (const [name, value] of template) expect(value === '' || !/SECRET|PASSWORD|TOKEN/.test(name), name).toBe(true);
  });
});

describe('every variable', () => {
  const example = variablesOf(read('.env.example'));
  const documented = documentedVariables();
  const image = imageEnvironment();
  /** What the processes of a reader get in compose: the image's settings and their service's. */
  const composeSet = (reader: Reader) => {
    const readers = reader === 'web' ? ['web1'] : reader === 'api' ? ['api1'] : ['api1', 'web1'];
    return readers.map((service) => new Set([...image.keys(), ...Object.keys(environmentOf(service))]));
  };
  const kubernetesSet = new Set([...configValues.keys(), ...overlayLiterals.keys(), ...secretKeys.keys()]);

  it('of .env.example is in docs/deploy.md', () => {
    const missing = [...example.keys()].filter((name) => !documented.has(name));
    expect(missing, "add them to docs/deploy.md's Variables tables").toEqual([]);
  });

  it('that docs/deploy.md says is set, is set in compose and in Kubernetes', () => {
    for (const [name, row] of documented) {
      if (row.deploy !== 'set') continue;
      for (const names of composeSet(row.reader)) expect(names.has(name), `compose: ${name}`).toBe(true);
      expect(kubernetesSet.has(name), `Kubernetes: ${name}`).toBe(true);
    }
  });

  it('that is a secret is in the Secret, not the ConfigMap, and written in no deploy file', () => {
    for (const [name, row] of documented) {
      if (!row.secret) continue;
      expect(configValues.has(name) || overlayLiterals.has(name), name).toBe(false);
      if (row.deploy === 'set') expect(secretKeys.has(name), name).toBe(true);
      // From deploy/.env, or a URL (whose credentials, below, are from deploy/.env).
      for (const service of Object.keys(services)) {
        const value = environmentOf(service)[name];
        if (value !== undefined) expect(value, `${service}: ${name}`).toMatch(/^(\$\{|[a-z]+:\/\/)/);
      }
    }
    for (const [name, value] of secretKeys) expect(value, name).toBe('');
    for (const [service, spec] of Object.entries(services)) {
      for (const [name, value] of Object.entries((spec.environment ?? {}) as Record<string, string>)) {
        if (/:\/\/\S*@/.test(value)) {
          expect(value, `${service}: ${name}`).toMatch(/:\/\/[^:@/\s]+:\$\{[A-Z_]+(:[?-][^}]*)?\}@/);
        }
      }
    }
  });

  it('that a deploy file gives an app is one the apps read', () => {
    const known = new Set([...example.keys(), ...documented.keys()]);
    const given = [
      ...Object.keys(environmentOf('api1')),
      ...Object.keys(environmentOf('web1')),
      ...Object.keys(environmentOf('migrate')),
      ...configValues.keys(),
      ...overlayLiterals.keys(),
      ...secretKeys.keys(),
    ];
    expect(given.filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('Kubernetes', () => {
  it('lists only files that exist in its kustomizations', () => {
    for (const folder of ['base', 'overlays/production']) {
      const kustomization = parse(readFileSync(join(K8S, folder, 'kustomization.yaml'), 'utf8')) as Yaml;
      const files = [
        ...(kustomization.resources ?? []),
        ...(kustomization.patches ?? []).flatMap((patch: Yaml) => (patch.path ? [patch.path] : [])),
        ...(kustomization.configMapGenerator ?? []).flatMap((generator: Yaml) => generator.envs ?? []),
      ].filter((file: string) => file !== 'secrets.env');
      for (const file of files) expect(existsSync(join(K8S, folder, file)), `${folder}: ${file}`).toBe(true);
    }
  });

  it.each(['api', 'web'])('runs the %s with both probes, resources, as non-root on a read-only root', (component) => {
    const deployment = deploymentOf(component);
    expect(deployment.apiVersion).toBe('apps/v1');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    for (const kind of ['requests', 'limits']) {
      expect(container.resources[kind].cpu, kind).toBeTruthy();
      expect(container.resources[kind].memory, kind).toBeTruthy();
    }
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('gives the API more time to stop than it takes to finish its requests', () => {
    const pod = deploymentOf('api').spec.template.spec;
    const pause = Number(pod.containers[0].lifecycle.preStop.exec.command[1]);
    const shutdownMs = Number(configValues.get('SHUTDOWN_TIMEOUT_MS'));
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(pause * 1000 + shutdownMs);
  });

  it('hands the storefront the one secret it needs', () => {
    const [container] = deploymentOf('web').spec.template.spec.containers;
    expect(container.envFrom.some((source: Yaml) => source.secretRef)).toBe(false);
    expect(container.env.map((variable: Yaml) => variable.valueFrom.secretKeyRef.key)).toEqual(['STOREFRONT_SECRET']);
  });

  it('autoscales each Deployment from 2 pods, and never budgets away a drain', () => {
    const autoscalers = ofKind(base, 'HorizontalPodAutoscaler');
    const budgets = ofKind(base, 'PodDisruptionBudget');
    expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual(
      deployments.map((d) => d.metadata.name).sort(),
    );
    for (const hpa of autoscalers) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      ]);
      const component = hpa.metadata.labels['app.kubernetes.io/component'];
      const budget = budgets.find((pdb) => pdb.spec.selector.matchLabels['app.kubernetes.io/component'] === component);
      expect(budget?.apiVersion).toBe('policy/v1');
      expect(budget?.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);
      expect(deploymentOf(component).spec).not.toHaveProperty('replicas');
    }
    const overlayMinimum = overlay.patches.find((patch: Yaml) => patch.target?.kind === 'HorizontalPodAutoscaler');
    const minReplicas = parse(overlayMinimum.patch).find((op: Yaml) => op.path === '/spec/minReplicas');
    expect(minReplicas.value).toBeGreaterThanOrEqual(2);
  });

  it('migrates in a Job, with the Secret holding every key the issue names', () => {
    const [job] = ofKind(base, 'Job');
    expect(job?.spec.template.spec.containers[0].command).toEqual(['npm', 'run', 'db:migrate']);
    for (const key of [
      'STOREFRONT_SECRET',
      'PAYMENT_WEBHOOK_SECRET',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'DATABASE_URL',
      'DATABASE_READ_URL',
      'REDIS_URL',
    ]) {
      expect(secretKeys.has(key), key).toBe(true);
    }
  });

  const kubectl = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((path) => existsSync(path));
  it.skipIf(!kubectl)('renders the production overlay with kubectl kustomize (no cluster: not applied)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'malewa-k8s-'));
    try {
      cpSync(K8S, copy, { recursive: true });
      const placeholders = [...secretKeys.keys()].map((key) => `${key}=placeholder`).join('\n');
      writeFileSync(join(copy, 'overlays/production/secrets.env'), `${placeholders}\n`);
      const rendered = execFileSync(kubectl ?? '', ['kustomize', join(copy, 'overlays/production')], {
        encoding: 'utf8',
      });
      const objects = parseAllDocuments(rendered).map((document) => document.toJS() as Yaml);
      const secret = objects.find((object) => object.kind === 'Secret');
      const config = objects.find((object) => object.kind === 'ConfigMap');
      expect(secret?.metadata.name).toMatch(/^malewa-secrets-/);
      for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
        expect(object.metadata.namespace, object.metadata.name).toBe('malewa');
      }
      for (const object of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
        const pod = object.spec.template.spec;
        expect(pod.containers[0].image).toMatch(/^registry\.example\.com\/malewa:.+/);
        const names = JSON.stringify(pod.containers[0]);
        expect(names).toContain(secret?.metadata.name);
        expect(names).toContain(config?.metadata.name);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  const lines = logicalLines(read('deploy/Dockerfile'));
  const stages = lines.filter((line) => /^FROM /i.test(line));
  const last = lines.slice(lines.findLastIndex((line) => /^FROM /i.test(line)));

  it('builds in stages on Node 24, installs production dependencies alone for the last', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(lines).toContain('ARG NODE_IMAGE=node:24-bookworm-slim');
    expect(lines.some((line) => /^RUN .*npm ci --omit=dev/.test(line))).toBe(true);
    expect(last).toContain('COPY --from=build /app/apps/web/build apps/web/build');
    expect(last).toContain('COPY --from=production-deps /app ./');
  });

  it('copies every workspace’s manifest before npm ci, so that it checks each against the lockfile', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      expect(lines).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });

  it('runs as a user that is not root, with a health check', () => {
    const user = last
      .findLast((line) => /^USER /i.test(line))
      ?.slice(5)
      .split(':')[0];
    expect(user).toBeTruthy();
    expect(['root', '0']).not.toContain(user);
    expect(last.some((line) => /^HEALTHCHECK .*CMD \["node", "deploy\/healthcheck\.mjs"\]/.test(line))).toBe(true);
    expect(last.at(-1)).toBe('CMD ["node", "apps/api/src/server.ts"]');
  });

  it('keeps dependencies, builds, data and secrets out of its context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/build', '.git', '.data', '.env']) expect(ignored).toContain(pattern);
  });
});

describe('nginx', () => {
  const config = read('deploy/nginx/malewa.conf');
  const directives = config
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);

  it('holds servers and shared settings only, naming no host, file or privileged port', () => {
    for (const line of directives) {
      expect(line).not.toMatch(/^(events|http|upstream|stream)\b/);
      expect(line).not.toMatch(/^(include|user|pid|error_log|access_log|load_module|root|alias)\b/);
    }
    const listens = directives
      .filter((line) => line.startsWith('listen '))
      .map((line) => Number.parseInt(line.slice(7), 10));
    expect(listens).toEqual([8080, 8081]);
    const targets = new Set(directives.filter((line) => line.startsWith('proxy_pass ')));
    expect([...targets].sort()).toEqual(['proxy_pass http://malewa_api;', 'proxy_pass http://malewa_web;']);
  });

  it('sends the public listener to the storefronts and the internal one to the APIs', () => {
    const servers = config.split(/\nserver \{/).slice(1);
    expect(servers[0]).toMatch(/listen 8080;[\s\S]*proxy_pass http:\/\/malewa_web;/);
    expect(servers[0]).not.toContain('malewa_api');
    expect(servers[1]).toMatch(/listen 8081;[\s\S]*proxy_pass http:\/\/malewa_api;/);
    expect(servers[1]).not.toContain('malewa_web');
  });

  it('keeps connections, streams events, and never replays a POST', () => {
    expect(directives).toContain('proxy_http_version 1.1;');
    expect(directives).toContain('proxy_set_header Connection "";');
    expect(directives).toContain('proxy_buffering off;');
    expect(directives).toContain('proxy_next_upstream error timeout http_502;');
    expect(directives.join('\n')).not.toContain('non_idempotent');
    // The database's 503s pass through with their Retry-After; they mark no process down.
    expect(directives.join('\n')).not.toContain('http_503');
    expect(directives).toContain('proxy_connect_timeout 1s;');
    // Longer than the API's heartbeat on the event streams (25 s).
    const readTimeouts = directives.filter((line) => line.startsWith('proxy_read_timeout '));
    for (const line of readTimeouts) expect(Number.parseInt(line.split(' ')[1] ?? '', 10)).toBeGreaterThan(25);
  });

  it('passes and returns a request id, and the forwarded address and scheme', () => {
    expect(config).toMatch(/map \$http_x_request_id \$malewa_request_id \{[^}]*default\s+\$request_id;/);
    expect(directives).toContain('proxy_set_header X-Request-Id $malewa_request_id;');
    expect(directives.filter((line) => line === 'add_header X-Request-Id $malewa_request_id always;')).toHaveLength(2);
    expect(directives).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(directives).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it("takes a join page's documents", () => {
    const size = /^client_max_body_size (\d+)m;$/.exec(directives.find((l) => l.startsWith('client_max')) ?? '');
    expect(Number(size?.[1]) * 1024 * 1024).toBeGreaterThanOrEqual(JOIN_UPLOAD_LIMIT_BYTES);
  });

  it("defines compose's upstreams, each process with max_fails and fail_timeout", () => {
    const upstreams = read('deploy/nginx/upstreams.compose.conf');
    const servers = (name: string) =>
      [...(upstreams.split(`upstream ${name} {`)[1]?.split('}')[0] ?? '').matchAll(/server (\S+) ([^;]*);/g)].map(
        ([, address, options]) => {
          expect(options).toMatch(/max_fails=\d+ fail_timeout=\d+s/);
          return address;
        },
      );
    expect(servers('malewa_web')).toEqual(['web1:3000', 'web2:3000']);
    expect(servers('malewa_api')).toEqual(['api1:4000', 'api2:4000']);
  });

  const nginx = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
  it.skipIf(!nginx)(
    'passes nginx -t inside a wrapper like npm run cluster writes (skipped without /usr/sbin/nginx)',
    () => {
      const prefix = mkdtempSync(join(tmpdir(), 'malewa-nginx-'));
      try {
        const upstream = (name: string, ports: number[]) =>
          `upstream ${name} { ${ports.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=5s;`).join(' ')} keepalive 16; }`;
        const wrapper = [
          `pid ${prefix}/nginx.pid;`,
          'events {}',
          'http {',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (temp) => `  ${temp}_temp_path ${prefix}/${temp};`,
          ),
          `  include ${join(DEPLOY, 'nginx/malewa.conf')};`,
          `  access_log ${prefix}/access.log malewa;`,
          `  ${upstream('malewa_web', [3901, 3902])}`,
          `  ${upstream('malewa_api', [4901, 4902])}`,
          '}',
        ].join('\n');
        writeFileSync(join(prefix, 'nginx.conf'), wrapper);
        const args = [
          '-t',
          '-q',
          '-e',
          join(prefix, 'error.log'),
          '-c',
          join(prefix, 'nginx.conf'),
          '-p',
          `${prefix}/`,
        ];
        const check = spawnSync(nginx ?? '', args, { encoding: 'utf8' });
        expect(check.status, check.stderr).toBe(0);
      } finally {
        rmSync(prefix, { recursive: true, force: true });
      }
    },
  );
});
