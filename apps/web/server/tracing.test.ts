import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tracingEntry = fileURLToPath(new URL('./tracing.ts', import.meta.url));

/** The packages a fresh process resolves while it loads tracing.ts with `env`. */
function packagesLoadedBy(env: Record<string, string>): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        if (specifier.startsWith('@opentelemetry/')) seen.add(specifier.split('/').slice(0, 2).join('/'));
        return next(specifier, context);
      },
    });
    await import(${JSON.stringify(tracingEntry)});
    console.log(JSON.stringify([...seen].sort()));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '[]');
}

describe('the storefront’s tracing.ts', () => {
  it('loads no OpenTelemetry package at all without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(packagesLoadedBy({})).toEqual([]);
  });

  it('loads the SDK, the OTLP exporter and the HTTP and fetch instrumentations with it', () => {
    expect(packagesLoadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })).toEqual(
      expect.arrayContaining([
        '@opentelemetry/sdk-node',
        '@opentelemetry/exporter-trace-otlp-http',
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/instrumentation-undici',
      ]),
    );
  });

  it('refuses an endpoint that is not a URL, naming it', () => {
    expect(() => packagesLoadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
  });
});
