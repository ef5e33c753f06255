import { spawnSync } from 'node:child_process';

/**
 * The OpenTelemetry packages (`@opentelemetry/*`, `@fastify/otel`) a fresh process resolves
 * while it imports `entry` (a file's path, or a `data:` module) with `env` as its whole
 * environment: whether an app's tracing.ts off really loads nothing, and on what it traces.
 * It throws the child's output when the import fails.
 */
export function tracingPackagesLoadedBy(entry: string, env: Record<string, string>): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        if (/^@(opentelemetry|fastify\\/otel)/.test(specifier)) seen.add(specifier.split('/').slice(0, 2).join('/'));
        return next(specifier, context);
      },
    });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify([...seen].sort()));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '[]');
}
