import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@malewa/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess, until } from '#api/testing/process.ts';

const adminUrl = inject('testDatabaseUrl');

describe('server.ts serves its metrics on a listener of their own', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;
  let port = 0;
  let output: () => string = () => '';

  beforeAll(async () => {
    // PostgreSQL: a database of this file's own; else the process's own PGlite in a folder.
    if (adminUrl) database = await createTestDatabase(adminUrl, { migrated: false });
    else dataDir = mkdtempSync(join(tmpdir(), 'malewa-metrics-'));
    const target = database?.url ?? { dataDir: dataDir ?? '' };
    const started = await startApiProcess(target, { METRICS_PORT: '0', LOG_LEVEL: 'info' }, { readyWithinMs: 120_000 });
    child = started.server;
    port = started.port;
    output = started.output;
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints where; Node’s own series and ours are there, the public port has no /metrics', async () => {
    await until('the metrics address is logged', async () => /Metrics on http:\/\/\S+\/metrics/.test(output()));
    const url = /Metrics on (http:\/\/\S+\/metrics)/.exec(output())?.[1] ?? '';
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(String(port));

    const text = await (await fetch(url)).text();
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // The launcher's own readiness probes, under their route.
    expect(text).toMatch(
      /^malewa_http_request_duration_seconds_count\{route="\/readyz",method="GET",status_class="2xx"\} \d/m,
    );
    expect(text).toMatch(/^malewa_outbox_messages\{state="pending"\} \d/m);
    if (adminUrl) expect(text).toMatch(/^malewa_db_pool_max\{pool="primary"\} 10$/m);

    const publicAnswer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(publicAnswer.headers.get('x-request-id')).toBeTruthy();
  });
});
