import { describe, expect, it } from 'vitest';
import { refusalOf } from './request-gate.ts';

const FORM = 'application/x-www-form-urlencoded';
const LIMIT = 16_384;

describe('refusalOf', () => {
  it('lets pages and forms of a sane size through', () => {
    expect(refusalOf('GET', {}, LIMIT)).toBeUndefined();
    expect(refusalOf('HEAD', {}, LIMIT)).toBeUndefined();
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': '120' }, LIMIT)).toBeUndefined();
    expect(
      refusalOf('POST', { 'content-type': `${FORM}; charset=UTF-8`, 'content-length': '0' }, LIMIT),
    ).toBeUndefined();
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': String(LIMIT) }, LIMIT)).toBeUndefined();
  });

  it.each(['TRACE', 'TRACK', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'PROPFIND'])(
    'answers %s with 405 and the methods it serves',
    (method) => {
      expect(refusalOf(method, {}, LIMIT)).toEqual({ status: 405, headers: { Allow: 'GET, HEAD, POST' } });
    },
  );

  it.each([
    'application/json',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/x-www-form-urlencodedx',
    '',
    undefined,
  ])('answers a post that is not a form (%j) with 415', (type) => {
    const refusal = refusalOf('POST', { 'content-type': type, 'content-length': '10' }, LIMIT);
    expect(refusal?.status).toBe(415);
  });

  it('answers a form over the limit with 413, from its declared length alone', () => {
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': String(LIMIT + 1) }, LIMIT)?.status).toBe(413);
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': '104857600' }, LIMIT)?.status).toBe(413);
  });

  it('answers a form without a usable declared length (a chunked body) with 411', () => {
    expect(refusalOf('POST', { 'content-type': FORM, 'transfer-encoding': 'chunked' }, LIMIT)?.status).toBe(411);
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': '-1' }, LIMIT)?.status).toBe(411);
    expect(refusalOf('POST', { 'content-type': FORM, 'content-length': '1e3' }, LIMIT)?.status).toBe(411);
  });
});
