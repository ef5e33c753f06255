import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { readiness } from './readiness.ts';

let listener: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  listener = undefined;
});

/** A server answering /readyz as main.ts mounts it, and its address. */
async function serve(handler: express.RequestHandler): Promise<string> {
  const app = express();
  app.get('/readyz', handler);
  listener = createServer(app);
  await new Promise<void>((resolve) => listener?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}/readyz`;
}

describe('readiness', () => {
  it('answers 200 while the storefront takes requests', async () => {
    const url = await serve(readiness().handler);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready', checks: { accepting: true } });
  });

  it('answers 503 once shutting down, on a connection that is still open', async () => {
    const probe = readiness();
    const url = await serve(probe.handler);
    expect((await fetch(url)).status).toBe(200);
    probe.stop();
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', checks: { accepting: false } });
  });

  it('keeps each server its own state', async () => {
    const stopped = readiness();
    stopped.stop();
    const url = await serve(readiness().handler);
    expect((await fetch(url)).status).toBe(200);
  });
});
