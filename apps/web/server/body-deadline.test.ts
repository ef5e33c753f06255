import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDeadline } from './body-deadline.ts';
import { serverOptions } from './server-options.ts';

const app = express();
app.use(bodyDeadline(1000, (path) => path === '/upload'));
app.use((req, res) => {
  req.resume();
  req.on('end', () => res.end('read it all'));
});
// As main.ts builds it: the whole request may take the upload limit.
const server = createServer(serverOptions(1000, 6000), app);
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts `length` bytes to `path`, one every `everyMs`; the whole answer once the connection closes. */
function trickle(path: string, length: number, everyMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    let sent = 0;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
      );
      const timer = setInterval(() => {
        if (sent < length && !socket.destroyed) {
          socket.write('a');
          sent += 1;
        }
      }, everyMs);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
    });
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
  });
}

describe('bodyDeadline', () => {
  it('answers a form trickled past the request limit with 408 and closes the connection', async () => {
    const answer = await trickle('/form', 100, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain('read it all');
  });

  it('lets an upload take longer than the request limit, within its own', async () => {
    // 12 bytes at one every 200 ms: some 2.4 s, past the 1 s of a form.
    const answer = await trickle('/upload', 12, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('read it all');
  });

  it('holds an upload to the upload limit', async () => {
    const answer = await trickle('/upload', 100, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);
});
