import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serverOptions } from './server-options.ts';

describe('serverOptions', () => {
  it('checks the request timeout at least every second, never later than the limit', () => {
    expect(serverOptions(30_000)).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 30_000,
      connectionsCheckingInterval: 1000,
    });
    expect(serverOptions(2000).connectionsCheckingInterval).toBe(500);
  });

  it('waits the upload limit for a whole request, and no longer than the request limit for headers', () => {
    expect(serverOptions(30_000, 600_000)).toEqual({
      requestTimeout: 600_000,
      headersTimeout: 30_000,
      connectionsCheckingInterval: 1000,
    });
  });

  it('answers a body trickled one byte at a time with 408 and closes the connection', async () => {
    const server = createServer(serverOptions(1000), (req, res) => {
      req.resume();
      req.on('end', () => res.end('read it all'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        let received = '';
        let trickle: ReturnType<typeof setInterval> | undefined;
        const socket = connect(port, '127.0.0.1', () => {
          // 100 bytes at one every 200 ms would take 20 s: far past the 1 s limit.
          socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n');
          trickle = setInterval(() => socket.write('a'), 200);
        });
        socket.on('data', (chunk) => {
          // Answered: no more bytes into a connection the server is closing.
          clearInterval(trickle);
          received += chunk.toString();
        });
        socket.on('close', () => {
          clearInterval(trickle);
          resolve(received);
        });
        // A byte written as the server hangs up is answered with a reset: that is the hang-up
        // under test, not a failure (on a loaded machine the reset can come before 'close').
        socket.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).not.toContain('read it all');
    } finally {
      server.close();
    }
  });
});
