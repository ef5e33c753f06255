import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Inside each app an import that climbs two folders or more is written with the app's alias
// (`#app/…` for apps/web/app, `#api/…` for apps/api/src; each app's package.json `imports`):
// `../../../platform/x` chains say nothing about where a module lives and break when it moves.

const ROOT = resolve(import.meta.dirname, '..');
const APPS = [
  { dir: join(ROOT, 'apps/web/app'), alias: '#app/' },
  { dir: join(ROOT, 'apps/api/src'), alias: '#api/' },
];
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)(['"])([^'"]+)\1/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'build', '.react-router', '+types', 'lint-probe'].includes(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sources(path, out);
    // lint-boundaries.test.ts's probes come and go while tests run, and climb on purpose.
    else if (/\.(ts|tsx)$/.test(entry) && !entry.startsWith('lint-probe')) out.push(path);
  }
  return out;
}

describe('import paths', () => {
  it.each(APPS)('in $dir climb at most one folder; further, they use $alias', ({ dir }) => {
    const climbing: string[] = [];
    for (const file of sources(dir)) {
      for (const [, , spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        if (spec?.startsWith('../../')) climbing.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(climbing).toEqual([]);
  });
});
