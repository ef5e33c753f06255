// Plain JavaScript on purpose, and nothing newer than Node 12 parses: npm runs this before every
// script that runs our TypeScript (package.json), so that an older Node says what to install
// instead of dying with ERR_UNKNOWN_FILE_EXTENSION on the first `.ts` file. The minimum is
// package.json's `engines.node` (`npm install` refuses older ones too: `.npmrc` engine-strict).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The [major, minor, patch] of an `engines.node` range of the form `>=22.22.0`. */
export function minimumOf(range) {
  const match = /^>=\s*v?(\d+)\.(\d+)\.(\d+)$/.exec(String(range).trim());
  if (!match) throw new Error(`package.json engines.node should read ">=major.minor.patch", not "${range}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether a Node version (`v20.20.2` or `20.20.2`) is at least the minimum. */
export function isAtLeast(version, minimum) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const part = parts[i] || 0;
    if (part !== minimum[i]) return part > minimum[i];
  }
  return true;
}

/** How to get a Node that runs the project, in the README's words, for this machine. */
export function howToInstall(platform, arch) {
  const name = `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
  return [
    'Install Node.js 24 (LTS) beside it, with the npm you have:',
    `  npm install --prefix /opt/node24 ${name}@24`,
    `  export PATH=/opt/node24/node_modules/${name}/bin:$PATH`,
    'or, with nvm, in this folder (it reads .nvmrc): nvm install && nvm use',
    'then run the command again.',
  ].join('\n');
}

/** What is wrong with running the project on this Node, or null when nothing is. */
export function nodeVersionProblem(version, range, platform, arch, execPath) {
  const minimum = minimumOf(range);
  if (isAtLeast(version, minimum)) return null;
  return [
    `Malewa needs Node.js ${minimum[0]}.${minimum[1]} or newer (24 LTS preferred, see .nvmrc); ` +
      `this is Node.js ${version}${execPath ? ` (${execPath})` : ''}, which cannot run the project's TypeScript.`,
    howToInstall(platform, arch),
  ].join('\n');
}

function main() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(
    process.version,
    manifest.engines.node,
    process.platform,
    process.arch,
    process.execPath,
  );
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
