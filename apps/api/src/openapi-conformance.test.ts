import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './testing/accounts.ts';
import { createTestOutbox } from './testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from './testing/test-app.ts';

/**
 * Every operation of the OpenAPI document, sent good and bad input built from the document
 * itself, as an outside client (or fuzzer) working from /api/docs/json would: as nobody, as a
 * shopper and as an operator. Whatever it answers must be declared there: the status, the
 * content type of that status, and a body that validates against its schema.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** An attempt at a call: what to send. */
interface Call {
  label: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body?: string;
  contentType?: string;
}

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let doc: Document;
const identities: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  database = await createSeededDatabase();
  app = await buildTestApp(database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const outbox = await createTestOutbox(database);
  const shopper = await signUp(app, database, outbox, { identifier: 'conformance-shopper@example.com' });
  const operator = await signUp(app, database, outbox, {
    identifier: 'conformance-operator@example.com',
    roles: ['operator'],
  });
  identities.nobody = {};
  identities.shopper = bearer(shopper);
  identities.operator = bearer(operator);
  doc = (await (await fetch(`${origin}/api/docs/json`)).json()) as Document;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

function resolve(schema: Schema | boolean): Schema {
  if (typeof schema !== 'object' || schema === null) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolve(target);
}

/** A value the schema accepts, as far as its keywords say: required properties, bounds, formats. */
function goodValue(raw: Schema, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const usable = (options as Schema[]).filter((option) => resolve(option).type !== 'null');
      if (key === 'allOf') return Object.assign({}, ...usable.map((option) => goodValue(option, depth + 1)));
      return goodValue(usable[0] ?? options[0], depth + 1);
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, goodValue(properties[name] ?? {}, depth + 1)]));
    }
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => goodValue((schema.items ?? {}) as Schema, depth + 1));
    }
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      return exclusive ?? Math.max(minimum, Math.min(1, Number(schema.maximum ?? 1)));
    }
    case 'boolean':
      return false;
    default:
      return goodString(schema);
  }
}

function goodString(schema: Schema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'someone@example.com';
    case 'date-time':
      return '2030-01-15T10:00:00.000Z';
    case 'date':
      return '2030-01-15';
    case 'uri':
      return 'https://example.com/';
  }
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  if (pattern.includes('[A-Z]{2}')) return 'KE';
  if (pattern.includes('[0-9]{2}:[0-9]{2}') || pattern.includes('\\d{2}:\\d{2}')) return '10:00';
  // A run of letters, as tokens and keys are (`^[A-Za-z0-9_-]{16,64}$`).
  const run = /^\^\[A-Za-z0-9_-\]\{(\d+)(,\d*)?\}\$$/.exec(pattern);
  if (run) return 'a'.repeat(Number(run[1]));
  const minLength = Number(schema.minLength ?? 1);
  return 'a'.repeat(Math.max(minLength, 1)).slice(0, Number(schema.maxLength ?? 10_000));
}

/** Values the schema refuses: the wrong type, too long, out of range. */
function badValues(raw: Schema): unknown[] {
  const schema = resolve(raw);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return ['-1', 'x', '1e400'];
  if (type === 'boolean') return ['maybe'];
  return ['x'.repeat(600), '../../etc/passwd', ''];
}

function pathWith(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

function callsOf(path: string, operation: Operation): Call[] {
  const parameters = operation.parameters ?? [];
  const good = {
    path: {} as Record<string, string>,
    query: {} as Record<string, string>,
    header: {} as Record<string, string>,
  };
  for (const parameter of parameters) {
    if (parameter.in === 'header' && parameter.name === 'X-STORE-ID') {
      good.header[parameter.name] = 'KE';
      continue;
    }
    const value = goodValue(parameter.schema);
    if (parameter.required || parameter.in === 'path') {
      good[parameter.in][parameter.name] = String(value);
    }
  }
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const goodBody = jsonBody ? JSON.stringify(goodValue(jsonBody)) : undefined;
  const base = (label: string, change: Partial<Call> = {}): Call => ({
    label,
    path: pathWith(path, good.path),
    query: new URLSearchParams(good.query),
    headers: { ...good.header },
    ...(goodBody !== undefined ? { body: goodBody, contentType: 'application/json' } : {}),
    ...change,
  });
  const calls = [
    base('good input'),
    base('good input, market KE', { headers: { ...good.header, 'x-store-id': 'KE' } }),
  ];
  for (const parameter of parameters) {
    for (const bad of badValues(parameter.schema)) {
      const value = String(bad);
      if (parameter.in === 'path') {
        if (value === '') continue;
        calls.push(
          base(`path ${parameter.name}=${value.slice(0, 20)}`, {
            path: pathWith(path, { ...good.path, [parameter.name]: value }),
          }),
        );
      } else if (parameter.in === 'query') {
        const query = new URLSearchParams(good.query);
        query.set(parameter.name, value);
        calls.push(base(`query ${parameter.name}=${value.slice(0, 20)}`, { query }));
      } else {
        calls.push(
          base(`header ${parameter.name}=${value.slice(0, 20)}`, {
            headers: { ...good.header, [parameter.name]: value },
          }),
        );
      }
    }
  }
  if (operation.requestBody) {
    calls.push(base('body of the wrong type', { body: '[]', contentType: 'application/json' }));
    calls.push(base('body that is not JSON', { body: '{"a":', contentType: 'application/json' }));
  }
  // Any request with a method that carries a body may come with one of another type.
  calls.push(base('body as a form', { body: 'a=1', contentType: 'application/x-www-form-urlencoded' }));
  calls.push(base('unknown market', { headers: { ...good.header, 'x-store-id': 'QQ' } }));
  return calls;
}

/** Headers the API reads, as the document spells them. */
const KNOWN_HEADERS = ['X-STORE-ID', 'X-STORE-LOCATION', 'X-Cart-Token', 'Idempotency-Key', 'Last-Event-ID'];

/** Operations that end the caller's session or account run last, so the others run signed in. */
const ENDS_SESSION = /sign-out|session|password|\/auth\/account$|unlink|delete-account/;

describe('the OpenAPI document', () => {
  it('declares the headers the API reads as parameters of the operations that read them', () => {
    const headersOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headersOf('/api/food/meals', 'get')).toEqual(expect.arrayContaining(['X-STORE-ID', 'X-STORE-LOCATION']));
    expect(headersOf('/api/carts/{service}/items', 'post')).toEqual(
      expect.arrayContaining(['X-STORE-ID', 'X-STORE-LOCATION', 'X-Cart-Token']),
    );
    for (const path of ['/api/carts/{service}/checkout', '/api/carts/checkout']) {
      const key = doc.paths[path]?.post?.parameters?.find((p) => p.name === 'Idempotency-Key');
      expect(key, path).toMatchObject({ in: 'header', required: true });
    }
  });

  it('declares every status, content type and body the API answers, for good and bad input', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats.default(ajv);
    ajv.addSchema(doc as unknown as Schema, 'doc');
    const pointer = (segments: string[]) =>
      `doc#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

    const problems: string[] = [];
    const operations = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .filter(({ path }) => !path.startsWith('/api/docs'))
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
    expect(operations.length).toBeGreaterThan(100);

    for (const { path, method, operation } of operations) {
      for (const [who, auth] of Object.entries(identities)) {
        for (const call of callsOf(path, operation)) {
          const url = `${origin}${call.path}${call.query.size > 0 ? `?${call.query}` : ''}`;
          const response = await fetch(url, {
            method: method.toUpperCase(),
            headers: {
              ...auth,
              ...call.headers,
              ...(call.contentType && method !== 'get' ? { 'content-type': call.contentType } : {}),
            },
            ...(call.body !== undefined && method !== 'get' && method !== 'delete' ? { body: call.body } : {}),
            signal: AbortSignal.timeout(15_000),
          });
          const where = `${method.toUpperCase()} ${path} (${who}, ${call.label}) → ${response.status}`;
          const declared = operation.responses[String(response.status)] ?? operation.responses.default;
          const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
          if (contentType === 'text/event-stream') {
            await response.body?.cancel();
          } else {
            const text = await response.text();
            if (!declared) {
              problems.push(`${where}: status not declared (${text.slice(0, 120)})`);
              continue;
            }
            if (text === '' || response.status === 204 || response.status === 304) continue;
            const content = declared.content?.[contentType];
            if (!content) {
              problems.push(`${where}: content type ${contentType} not declared for it`);
              continue;
            }
            if (contentType !== 'application/json') continue;
            const fields = Object.keys((JSON.parse(text) as { errors?: object }).errors ?? {});
            for (const field of fields) {
              const named = KNOWN_HEADERS.find((name) => name.toLowerCase() === field.toLowerCase());
              const declaredHeaders = (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
              if (named && !declaredHeaders.includes(named)) {
                problems.push(`${where}: refers to the ${named} header, which it does not declare`);
              }
            }
            const status = operation.responses[String(response.status)] ? String(response.status) : 'default';
            const validate = ajv.getSchema(
              pointer(['paths', path, method, 'responses', status, 'content', contentType, 'schema']),
            );
            if (validate && !validate(JSON.parse(text))) {
              problems.push(`${where}: body does not match its schema: ${ajv.errorsText(validate.errors)}`);
            }
            continue;
          }
          if (!declared) problems.push(`${where}: status not declared`);
          else if (!declared.content?.['text/event-stream']) problems.push(`${where}: event stream not declared`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
