import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules live in biome.json's overrides, whose globs are easy to get subtly wrong (a
// `*` that matches one path segment let `@malewa/db/schema/carts` into route files). These
// probes put a file where a rule must hold and ask Biome, once for all of them, what it says.

const ROOT = resolve(import.meta.dirname, '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

const TABLE = "import { carts } from '@malewa/db/schema/carts';\n\nexport const probe = carts;\n";
const FLOW = "import { placeOrders } from '../../flows/checkout.ts';\n\nexport const probe = placeOrders;\n";
const FLOW_BY_ALIAS = "import { placeOrders } from '#api/flows/checkout.ts';\n\nexport const probe = placeOrders;\n";
const OTHER_FEATURE =
  "import { addCartLine } from '#app/features/commerce/cart-api.server.ts';\n\nexport const probe = addCartLine;\n";

/** Each probe: where it goes, what it holds. */
const PROBES: Record<string, string> = {
  'apps/web/app/routes/lint-probe-page.server.ts': TABLE,
  'apps/web/app/features/catalog/lint-probe.ts': TABLE,
  'apps/api/src/features/carts/lint-probe-routes.ts': TABLE,
  'apps/api/src/features/carts/lint-probe-service.ts': TABLE,
  'apps/api/src/lint-probe.ts': TABLE,
  'apps/api/src/features/carts/lint-probe-repository.ts': TABLE,
  'apps/api/src/features/carts/lint-probe-flow.ts': FLOW,
  'apps/api/src/features/carts/lint-probe-flow-routes.ts': FLOW,
  'apps/api/src/features/carts/lint-probe-alias.ts': FLOW_BY_ALIAS,
  'apps/web/app/features/catalog/lint-probe-alias.ts': OTHER_FEATURE,
  'apps/web/app/platform/lint-probe/a.ts': "import type { B } from './b.ts';\n\nexport type A = { b?: B };\n",
  'apps/web/app/platform/lint-probe/b.ts': "import type { A } from './a.ts';\n\nexport type B = { a?: A };\n",
};

/** The rules Biome reports, by probe path (`noRestrictedImports`, `noImportCycles`). */
const broken = new Map<string, string[]>();

beforeAll(() => {
  for (const [path, source] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), source);
  }
  let output = '';
  try {
    execFileSync(BIOME, ['lint', '--max-diagnostics=200', ...Object.keys(PROBES)], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    output = String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr ?? '');
  }
  for (const [, path, rule] of output.matchAll(/^(\S+?):\d+:\d+ lint\/\w+\/(\w+)/gm)) {
    broken.set(path as string, [...(broken.get(path as string) ?? []), rule as string]);
  }
}, 120_000);

afterAll(() => {
  for (const path of Object.keys(PROBES)) rmSync(join(ROOT, path), { force: true });
  rmSync(join(ROOT, 'apps/web/app/platform/lint-probe'), { recursive: true, force: true });
});

const rulesOf = (path: string) => broken.get(path) ?? [];

describe('layer rules (biome.json)', () => {
  it.each([
    ['a web route module', 'apps/web/app/routes/lint-probe-page.server.ts'],
    ['a web feature', 'apps/web/app/features/catalog/lint-probe.ts'],
    ['an API route file', 'apps/api/src/features/carts/lint-probe-routes.ts'],
    ['an API service', 'apps/api/src/features/carts/lint-probe-service.ts'],
    ['app-level API code', 'apps/api/src/lint-probe.ts'],
  ])('refuses a table imported from %s', (_what, path) => {
    expect(rulesOf(path)).toContain('noRestrictedImports');
  });

  it('lets a repository import its tables', () => {
    expect(rulesOf('apps/api/src/features/carts/lint-probe-repository.ts')).toEqual([]);
  });

  it('lets only route files start a flow, however the flow is named', () => {
    expect(rulesOf('apps/api/src/features/carts/lint-probe-flow.ts')).toContain('noRestrictedImports');
    expect(rulesOf('apps/api/src/features/carts/lint-probe-alias.ts')).toContain('noRestrictedImports');
    expect(rulesOf('apps/api/src/features/carts/lint-probe-flow-routes.ts')).toEqual([]);
  });

  it('refuses one feature importing another by its alias', () => {
    expect(rulesOf('apps/web/app/features/catalog/lint-probe-alias.ts')).toContain('noRestrictedImports');
  });

  it('counts a cycle of type-only imports', () => {
    expect([
      ...rulesOf('apps/web/app/platform/lint-probe/a.ts'),
      ...rulesOf('apps/web/app/platform/lint-probe/b.ts'),
    ]).toContain('noImportCycles');
  });
});
