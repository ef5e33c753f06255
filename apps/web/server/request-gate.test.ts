import { describe, expect, it } from 'vitest';
import { isJoinPath, JOIN_UPLOAD_LIMIT_BYTES } from '../app/features/join/join-paths.ts';
import { type BodyLimits, refusalOf } from './request-gate.ts';

const FORM = 'application/x-www-form-urlencoded';
const UPLOAD = 'multipart/form-data; boundary=----x';
const LIMIT = 16_384;
const LIMITS: BodyLimits = { formBytes: LIMIT, uploadBytes: JOIN_UPLOAD_LIMIT_BYTES, takesUploads: isJoinPath };
const post = (path: string, type: string | undefined, length: string | undefined) =>
  refusalOf('POST', path, { 'content-type': type, 'content-length': length }, LIMITS);

describe('refusalOf', () => {
  it('lets pages and forms of a sane size through', () => {
    expect(refusalOf('GET', '/', {}, LIMITS)).toBeUndefined();
    expect(refusalOf('HEAD', '/', {}, LIMITS)).toBeUndefined();
    expect(post('/auth/login', FORM, '120')).toBeUndefined();
    expect(post('/auth/login', `${FORM}; charset=UTF-8`, '0')).toBeUndefined();
    expect(post('/auth/login', FORM, String(LIMIT))).toBeUndefined();
  });

  it.each(['TRACE', 'TRACK', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'PROPFIND'])(
    'answers %s with 405 and the methods it serves',
    (method) => {
      expect(refusalOf(method, '/', {}, LIMITS)).toEqual({ status: 405, headers: { Allow: 'GET, HEAD, POST' } });
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
    const refusal = post('/auth/login', type, '10');
    expect(refusal).toEqual({ status: 415, headers: { 'Accept-Post': FORM } });
  });

  it('answers a form over the limit with 413, from its declared length alone', () => {
    expect(post('/auth/login', FORM, String(LIMIT + 1))?.status).toBe(413);
    expect(post('/auth/login', FORM, '104857600')?.status).toBe(413);
  });

  it('answers a form without a usable declared length (a chunked body) with 411', () => {
    expect(refusalOf('POST', '/', { 'content-type': FORM, 'transfer-encoding': 'chunked' }, LIMITS)?.status).toBe(411);
    expect(post('/', FORM, '-1')?.status).toBe(411);
    expect(post('/', FORM, '1e3')?.status).toBe(411);
  });
});

describe('uploads', () => {
  it('take files on the join pages only, in every language and as data requests', () => {
    for (const path of ['/farm/join', '/ar/farm/join', '/food/join.data', '/fr/chef/join/', '/sw/cookbook/join.data']) {
      expect(post(path, UPLOAD, '5000000'), path).toBeUndefined();
    }
    for (const path of [
      '/farm/joins',
      '/farm/join/x',
      '/pages/contact',
      '/account/addresses',
      '/xx/farm/join',
      '/join',
    ]) {
      expect(post(path, UPLOAD, '5000'), path).toEqual({ status: 415, headers: { 'Accept-Post': FORM } });
    }
  });

  it('a join page still takes a plain form, and names both types when refusing another', () => {
    expect(post('/farm/join', FORM, '100')).toBeUndefined();
    expect(post('/farm/join', 'application/json', '100')).toEqual({
      status: 415,
      headers: { 'Accept-Post': `${FORM}, multipart/form-data` },
    });
  });

  it('hold an upload to every document at its largest: one byte more is a 413, and a plain form keeps its limit', () => {
    expect(post('/farm/join', UPLOAD, String(JOIN_UPLOAD_LIMIT_BYTES))).toBeUndefined();
    expect(post('/farm/join', UPLOAD, String(JOIN_UPLOAD_LIMIT_BYTES + 1))?.status).toBe(413);
    expect(post('/farm/join', FORM, String(LIMIT + 1))?.status).toBe(413);
    expect(post('/farm/join', UPLOAD, undefined)?.status).toBe(411);
  });
});
