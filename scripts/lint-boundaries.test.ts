import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The layer rules live in biome.json's overrides, whose globs are easy to get subtly wrong (a
// `*` that matches one path segment let `@malewa/db/schema/carts` into route files). These
// probes put a file where a rule must hold and ask Biome what it says.

const ROOT = resolve(import.meta.dirname, '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');
const written: string[] = [];

function probe(path: string, source: string): string {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  written.push(file);
  return file;
}

/** The rules Biome reports for `files`, by name (`noRestrictedImports`, `noImportCycles`). */
function rulesBroken(...files: string[]): string[] {
  try {
    execFileSync(BIOME, ['lint', '--max-diagnostics=50', ...files], { cwd: ROOT, stdio: 'pipe' });
    return [];
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? '') + String((error as { stderr?: Buffer }).stderr);
    return [...output.matchAll(/lint\/\w+\/(\w+)/g)].map((match) => match[1] as string);
  }
}

const TABLE_IMPORT = "import { carts } from '@malewa/db/schema/carts';\n\nexport const probe = carts;\n";

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
  rmSync(join(ROOT, 'apps/web/app/platform/lint-probe'), { recursive: true, force: true });
});

describe('layer rules (biome.json)', () => {
  it.each([
    ['a web route module', 'apps/web/app/routes/lint-probe-page.server.ts'],
    ['a web feature', 'apps/web/app/features/catalog/lint-probe.ts'],
    ['an API route file', 'apps/api/src/features/carts/lint-probe-routes.ts'],
    ['an API service', 'apps/api/src/features/carts/lint-probe-service.ts'],
    ['app-level API code', 'apps/api/src/lint-probe.ts'],
  ])('refuses a table imported from %s', (_what, path) => {
    expect(rulesBroken(probe(path, TABLE_IMPORT))).toContain('noRestrictedImports');
  });

  it('lets a repository import its tables', () => {
    expect(rulesBroken(probe('apps/api/src/features/carts/lint-probe-repository.ts', TABLE_IMPORT))).toEqual([]);
  });

  it('lets only route files start a flow', () => {
    const flow = "import { placeOrders } from '../../flows/checkout.ts';\n\nexport const probe = placeOrders;\n";
    expect(rulesBroken(probe('apps/api/src/features/carts/lint-probe-flow.ts', flow))).toContain('noRestrictedImports');
    expect(rulesBroken(probe('apps/api/src/features/carts/lint-probe-flow-routes.ts', flow))).toEqual([]);
  });

  it('counts a cycle of type-only imports', () => {
    const a = probe(
      'apps/web/app/platform/lint-probe/a.ts',
      "import type { B } from './b.ts';\n\nexport type A = { b?: B };\n",
    );
    const b = probe(
      'apps/web/app/platform/lint-probe/b.ts',
      "import type { A } from './a.ts';\n\nexport type B = { a?: A };\n",
    );
    expect(rulesBroken(a, b)).toContain('noImportCycles');
  });
});
