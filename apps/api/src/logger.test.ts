import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, serializeError, serializeRequest } from './logger.ts';

describe('serializeError', () => {
  it('keeps what failed and drops the values of the statement, in the error and its causes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(amani@example.co.ke) already exists.',
      where: 'SQL function "x" statement 1 (amani@example.co.ke)',
    });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)'), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['amani@example.co.ke'],
      cause,
    });
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain('amani@example.co.ke');
    expect(logged).toContain('23505');
    expect(logged).toContain('insert into');
  });
});

describe('serializeRequest', () => {
  it('logs the path without the query, where link tokens travel', () => {
    expect(
      serializeRequest({ method: 'GET', url: '/auth/account/google/callback?code=secret&state=s', ip: '1.2.3.4' }),
    ).toEqual({ method: 'GET', path: '/auth/account/google/callback', remoteAddress: '1.2.3.4' });
  });
});

describe('loggerOptions', () => {
  it('writes one readable line per event in the pretty format, with no token or query in it', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      logger: loggerOptions('info', 'pretty', capture),
      genReqId: (request) => String(request.headers['x-request-id'] ?? 'none'),
    });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/x?token=mwv_secret',
      headers: { authorization: 'Bearer mwa_secret', cookie: 'a=b', 'x-request-id': 'page-42' },
    });
    await app.close();
    await new Promise((resolve) => setImmediate(resolve));
    const text = lines.join('');
    expect(text).toMatch(/INFO.*incoming request.*GET.*\/x/);
    // Both lines of the request name it by the id it came with.
    expect(text).toMatch(/incoming request GET \/x \[page-42\]/);
    expect(text).toMatch(/request completed 200 \[page-42\]/);
    expect(text).not.toMatch(/^\{/m);
    for (const secret of ['mwv_secret', 'mwa_secret', 'a=b']) expect(text).not.toContain(secret);
  });
});
