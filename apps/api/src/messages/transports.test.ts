import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsGatewayTransport, createSmtpTransport, type OutgoingMessage } from './transports.ts';

const message: OutgoingMessage = {
  id: '6f1c1f8e-3f7a-4d58-9f3e-0c1a2b3c4d5e',
  channel: 'sms',
  recipient: '+263771234567',
  template: 'confirm',
  subject: 'Your Malewa code: 123456',
  body: 'Your Malewa code is 123456.',
  createdAt: new Date('2026-11-22T08:00:00Z'),
};

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('the SMS gateway transport', () => {
  it('posts { to, from, text } as JSON with the Bearer token to a real HTTP server', async () => {
    const received: Array<{ headers: Record<string, unknown>; body: unknown }> = [];
    const server = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body: JSON.parse(body) });
        response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const { port } = server.address() as AddressInfo;

    const transport = createSmsGatewayTransport({
      url: `http://127.0.0.1:${port}/send`,
      token: 'gw-token',
      sender: 'Malewa',
    });
    await transport.send(message);

    expect(received).toEqual([
      {
        headers: expect.objectContaining({ authorization: 'Bearer gw-token', 'content-type': 'application/json' }),
        body: { to: '+263771234567', from: 'Malewa', text: 'Your Malewa code is 123456.' },
      },
    ]);
  });

  it('throws when the gateway refuses, so that the worker tries again', async () => {
    const server = createHttpServer((_request, response) => response.writeHead(503).end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const { port } = server.address() as AddressInfo;

    const transport = createSmsGatewayTransport({
      url: `http://127.0.0.1:${port}/send`,
      token: undefined,
      sender: 'Malewa',
    });
    await expect(transport.send(message)).rejects.toThrow(/503/);
  });
});

describe('the SMTP transport', () => {
  it('hands the message to an SMTP server', async () => {
    // The smallest SMTP conversation a client needs, on loopback: enough to see what arrives.
    let data = '';
    const server = createTcpServer((socket: Socket) => {
      let inData = false;
      socket.write('220 test ESMTP\r\n');
      socket.setEncoding('utf8');
      let buffer = '';
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\r\n');
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              socket.write('250 queued\r\n');
            } else data += `${line}\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
          end = buffer.indexOf('\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const { port } = server.address() as AddressInfo;

    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'Malewa <no-reply@malewa.test>' });
    await transport.send({ ...message, channel: 'email', recipient: 'thandi@example.co.za' });
    transport.close?.();

    expect(data).toMatch(/^To: thandi@example\.co\.za$/m);
    expect(data).toMatch(/^From: Malewa <no-reply@malewa\.test>$/m);
    expect(data).toMatch(/^Subject: Your Malewa code: 123456$/m);
    expect(data).toContain('Your Malewa code is 123456.');
  });
});
