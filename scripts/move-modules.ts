/**
 * Moves source files and rewrites every relative import that points at them (and every
 * relative import inside them), so a layout change is one reviewed mapping instead of
 * hundreds of hand edits; an import that climbs two folders or more is written with its app's
 * alias (`#app/…`, `#api/…`). Usage: node scripts/move-modules.ts <mapping.json>, where the
 * mapping is [[from, to], ...] of files or folders relative to the repository root.
 * React Router's route table (`apps/web/app/routes.ts`) names modules relative to `app/`;
 * those strings are rewritten too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const mapping: [string, string][] = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'build', '.react-router', '.git', 'test-results', 'dist'].includes(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const moves = new Map<string, string>();
for (const [from, to] of mapping) {
  const absFrom = resolve(root, from);
  const absTo = resolve(root, to);
  if (statSync(absFrom).isDirectory()) {
    // A file named on its own keeps that destination when its folder moves too.
    for (const file of walk(absFrom)) if (!moves.has(file)) moves.set(file, join(absTo, relative(absFrom, file)));
  } else {
    moves.set(absFrom, absTo);
  }
}

const sources = walk(root).filter((file) => /\.(ts|tsx|mts|css)$/.test(file));
const moved = (file: string) => moves.get(file) ?? file;
const specifier =
  /(from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*|new URL\(\s*|@import\s+)(['"])((?:\.{1,2}\/|#app\/|#api\/)[^'"]*)\2/g;

/** The import aliases (each app's package.json `imports`): `#app/…` and `#api/…`. */
const ALIASES = [
  { alias: '#app/', dir: join(root, 'apps/web/app') },
  { alias: '#api/', dir: join(root, 'apps/api/src') },
];

/** How `fromDir` names `target`: by its alias when the climb is two folders or more. */
function specifierOf(fromDir: string, target: string): string {
  let next = relative(fromDir, target);
  if (!next.startsWith('.')) next = `./${next}`;
  if (!next.startsWith('../../')) return next;
  const home = ALIASES.find(({ dir }) => fromDir.startsWith(`${dir}/`) || fromDir === dir);
  return home && target.startsWith(`${home.dir}/`) ? `${home.alias}${relative(home.dir, target)}` : next;
}

function rewrite(spec: string, oldDir: string, newDir: string): string {
  // React Router's generated route types sit beside each route, whatever its folder.
  if (spec.startsWith('./+types/')) return spec;
  const [path, query] = spec.split(/(?=\?)/) as [string, string | undefined];
  const aliased = ALIASES.find(({ alias }) => path.startsWith(alias));
  const target = aliased ? join(aliased.dir, path.slice(aliased.alias.length)) : normalize(join(oldDir, path));
  const newTarget = moved(target);
  if (newTarget === target && oldDir === newDir) return spec;
  let next = specifierOf(newDir, newTarget);
  if (path.endsWith('/') && !next.endsWith('/')) next += '/';
  return next + (query ?? '');
}

let changed = 0;
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const oldDir = dirname(file);
  const newDir = dirname(moved(file));
  let next = text.replace(specifier, (whole, lead: string, quote: string, spec: string) => {
    const rewritten = rewrite(spec, oldDir, newDir);
    return rewritten === spec ? whole : `${lead}${quote}${rewritten}${quote}`;
  });
  if (file.endsWith('apps/web/app/routes.ts')) {
    const app = join(root, 'apps/web/app');
    next = next.replace(/(['"])(routes\/[^'"]+)\1/g, (whole, quote: string, spec: string) => {
      const target = join(app, spec);
      if (!existsSync(target)) return whole;
      return `${quote}${relative(app, moved(target))}${quote}`;
    });
  }
  if (next !== text) {
    writeFileSync(file, next);
    changed += 1;
  }
}

for (const [from, to] of moves) {
  execFileSync('mkdir', ['-p', dirname(to)]);
  execFileSync('git', ['mv', from, to], { cwd: root });
}
console.log(`moved ${moves.size} files, rewrote imports in ${changed}`);
