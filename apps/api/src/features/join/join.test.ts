import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Application } from '@malewa/contracts/join/application';
import type { AuditEntry } from '@malewa/contracts/operator/list-audit-log';
import { userRoles } from '@malewa/db/schema/accounts';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { auditLog } from '@malewa/db/schema/join';
import { locations } from '@malewa/db/schema/locations';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#api/app-error.ts';
import { bearer, freshAddress, fromAddress, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';
import { applyToJoin, type FormPart } from './apply-to-join.ts';
import { createDocumentStore, type DocumentStore } from './document-store.ts';
import { createJoinRepository } from './join-repository.ts';

const NOW = new Date('2026-11-24T09:30:00Z');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]), randomBytes(2500)]);

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let nairobi: { id: string; latitude: number; longitude: number };
let operator: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database);
  await app.ready();
  const [city] = await database.db
    .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(eq(locations.slug, 'nairobi'));
  if (!city) throw new Error('seeded Nairobi is missing');
  nairobi = city;
  operator = bearer(
    await signUp(app, database, outbox, { identifier: `op.${tag()}@example.com`, roles: ['operator'] }),
  );
  customer = bearer(await signUp(app, database, outbox, { identifier: `shopper.${tag()}@example.com` }));
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

function tag() {
  return randomBytes(4).toString('hex');
}

/** A farmer's application near Nairobi; `overrides` change any field. */
function farmApplication(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'farmer',
    businessName: `Kiambu Greens ${tag()}`,
    contactName: 'Wanjiru Kamau',
    phone: '+254 712 345678',
    email: `wanjiru.${tag()}@example.com`,
    cityId: nairobi.id,
    area: 'Kiambu Road',
    street: 'Plot 12, behind the Shell station',
    latitude: nairobi.latitude + 0.05,
    longitude: nairobi.longitude + 0.02,
    hours: [[[360, 1080]], [[360, 1080]], [[360, 1080]], [[360, 1080]], [[360, 1080]], [[420, 780]], []],
    description: 'Sukuma wiki, spinach and managu picked the morning they are delivered.',
    ...overrides,
  };
}

/** A multipart form as a browser sends it: the application's JSON first, then the files. */
async function form(application: unknown, files: Record<string, { bytes: Buffer; name: string; type?: string }>) {
  const data = new FormData();
  data.append('application', typeof application === 'string' ? application : JSON.stringify(application));
  for (const [field, file] of Object.entries(files)) {
    data.append(field, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const documents = { id: { bytes: PNG, name: 'my-id.png' }, trading: { bytes: PDF, name: 'trading licence.pdf' } };

async function apply(
  headers: Record<string, string>,
  application: unknown,
  files: Record<string, { bytes: Buffer; name: string; type?: string }> = documents,
  service = 'farm',
) {
  const body = await form(application, files);
  return app.inject({
    method: 'POST',
    url: `/api/${service}/join`,
    headers: { ...headers, ...fromAddress(freshAddress()), ...body.headers },
    payload: body.payload,
  });
}

async function applicant() {
  return bearer(await signUp(app, database, outbox, { identifier: `applicant.${tag()}@example.com` }));
}

const storedFiles = async () => (await readdir(TEST_CONFIG.documentsDir)).length;

describe('POST /api/{service}/join', () => {
  it('keeps an application with its documents, checked by content, and the applicant sees it', async () => {
    const me = await applicant();
    const before = await storedFiles();
    const response = await apply(me, farmApplication());
    expect(response.statusCode, response.body).toBe(201);
    const application = response.json<{ data: Application }>().data;
    expect(application).toMatchObject({
      service: 'farm',
      kind: 'farmer',
      status: 'submitted',
      countryCode: 'KE',
      city: { id: nairobi.id, name: 'Nairobi' },
      phone: '+254712345678',
      reason: null,
      provider: null,
    });
    expect(application.documents.map(({ kind, contentType, fileName }) => ({ kind, contentType, fileName }))).toEqual(
      expect.arrayContaining([
        { kind: 'id', contentType: 'image/png', fileName: 'my-id.png' },
        { kind: 'trading', contentType: 'application/pdf', fileName: 'trading licence.pdf' },
      ]),
    );
    expect(await storedFiles()).toBe(before + 2);

    const mine = await app.inject({ method: 'GET', url: '/api/account/applications', headers: me });
    expect(mine.json<{ data: Application[] }>().data.map((entry) => entry.id)).toEqual([application.id]);
    const others = await app.inject({ method: 'GET', url: '/api/account/applications', headers: customer });
    expect(others.json<{ data: Application[] }>().data).toEqual([]);
  });

  it('refuses a second live application to the same service, even sent twice at once', async () => {
    const me = await applicant();
    const [first, second] = await Promise.all([apply(me, farmApplication()), apply(me, farmApplication())]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const again = await apply(me, farmApplication());
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.message).toMatch(/already applied to join Malewa Farm/);
  });

  const notAPdf = { bytes: Buffer.from('hello, I am not a PDF'), name: 'licence.pdf', type: 'application/pdf' };
  it.each([
    ['no ID', 'farm', () => farmApplication(), () => ({ trading: documents.trading }), 400, 'id'],
    [
      'no certificate for food',
      'food',
      () => farmApplication({ kind: 'home_cook' }),
      () => ({ id: documents.id }),
      400,
      'food-safety',
    ],
    [
      'a text file named .pdf',
      'farm',
      () => farmApplication(),
      () => ({ id: documents.id, trading: notAPdf }),
      415,
      'trading',
    ],
    [
      'a kind the service does not take',
      'farm',
      () => farmApplication({ kind: 'restaurant' }),
      () => documents,
      400,
      'kind',
    ],
    [
      'a phone of another country',
      'farm',
      () => farmApplication({ phone: '+27 82 123 4567' }),
      () => documents,
      400,
      'phone',
    ],
    [
      'a pin far from the city',
      'farm',
      () => farmApplication({ latitude: -4.05, longitude: 39.67 }),
      () => documents,
      400,
      'latitude',
    ],
    [
      'closing before opening',
      'farm',
      () => farmApplication({ hours: [[[600, 500]], [], [], [], [], [], []] }),
      () => documents,
      400,
      'hours',
    ],
    [
      'an unknown document',
      'farm',
      () => farmApplication(),
      () => ({ ...documents, selfie: { bytes: PNG, name: 'me.png' } }),
      400,
      'documents',
    ],
  ] as const)(
    'refuses %s beside its field, keeping no file',
    async (_what, service, application, files, status, field) => {
      const me = await applicant();
      const before = await storedFiles();
      const response = await apply(me, application(), files(), service);
      expect(response.statusCode, response.body).toBe(status);
      expect(Object.keys(response.json().errors)).toContain(field);
      // A document refused for itself says which, for the form to point at it.
      if (status === 415) expect(response.json().problem).toEqual({ code: 'document_type', document: field });
      expect(await storedFiles()).toBe(before);
    },
  );

  it('refuses a document over 5 MB with a 413, and an application that is not JSON', async () => {
    const me = await applicant();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await apply(me, farmApplication(), {
      id: { bytes: big, name: 'huge.png' },
      trading: documents.trading,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().problem).toEqual({ code: 'document_too_large', document: 'id' });
    const notJson = await apply(me, '{"kind": "farmer",', documents);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors.application).toBeDefined();
  });

  it('is for signed-in accounts only, as multipart', async () => {
    const anonymous = await apply({}, farmApplication());
    expect(anonymous.statusCode).toBe(401);
    const json = await app.inject({
      method: 'POST',
      url: '/api/farm/join',
      headers: { ...customer, 'content-type': 'application/json' },
      payload: JSON.stringify(farmApplication()),
    });
    expect(json.statusCode).toBe(415);
  });

  it('takes three applications an account a day, then a 429', async () => {
    const me = await applicant();
    const services = [
      ['grocery', { kind: 'store' }],
      ['chef', { kind: 'chef' }],
      ['cookbook', { kind: 'creator' }],
      ['food', { kind: 'home_cook' }],
    ] as const;
    const statuses: number[] = [];
    for (const [service, overrides] of services) {
      const files = service === 'cookbook' ? { id: documents.id } : documents;
      statuses.push((await apply(me, farmApplication(overrides), files, service)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('the operators’ queue', () => {
  async function submitted() {
    const session = await signUp(app, database, outbox, { identifier: `applicant.${tag()}@example.com` });
    const me = bearer(session);
    const response = await apply(me, farmApplication());
    expect(response.statusCode, response.body).toBe(201);
    return { me, userId: session.user.id, application: response.json<{ data: Application }>().data };
  }

  it('is for operators only: a customer gets a 403, a stranger a 401', async () => {
    const { application } = await submitted();
    for (const [method, url] of [
      ['GET', '/api/operator/applications'],
      ['GET', `/api/operator/applications/${application.id}`],
      ['GET', `/api/operator/applications/${application.id}/documents/${application.documents[0]?.id}`],
      ['POST', `/api/operator/applications/${application.id}/approve`],
      ['GET', '/api/operator/audit-log'],
    ] as const) {
      expect((await app.inject({ method, url, headers: customer })).statusCode, url).toBe(403);
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('lists the waiting oldest first, shows one, and hands over its documents as they were sent', async () => {
    const { application } = await submitted();
    const queue = await app.inject({
      method: 'GET',
      url: '/api/operator/applications?status=submitted&perPage=100',
      headers: operator,
    });
    expect(queue.statusCode).toBe(200);
    const listed = queue.json<{ data: Application[] }>().data;
    expect(listed.every((entry) => entry.status === 'submitted')).toBe(true);
    const times = listed.map((entry) => entry.submittedAt);
    expect(times).toEqual([...times].sort());
    expect(listed.some((entry) => entry.id === application.id)).toBe(true);

    const one = await app.inject({
      method: 'GET',
      url: `/api/operator/applications/${application.id}`,
      headers: operator,
    });
    expect(one.json<{ data: Application }>().data.businessName).toBe(application.businessName);

    const id = application.documents.find((document) => document.kind === 'id');
    const file = await app.inject({
      method: 'GET',
      url: `/api/operator/applications/${application.id}/documents/${id?.id}`,
      headers: operator,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Named after what it is and its checked type, not as the applicant's device named it (my-id.png).
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="id-document.png"; filename*=UTF-8''id-document.png`,
    );
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const other = await submitted();
    const crossed = await app.inject({
      method: 'GET',
      url: `/api/operator/applications/${application.id}/documents/${other.application.documents[0]?.id}`,
      headers: operator,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('names a download by its checked type, whatever name and extension the applicant gave the file', async () => {
    const response = await apply(await applicant(), farmApplication(), {
      id: { bytes: PDF, name: 'kitambulisho.html', type: 'text/html' },
      'food-safety': { bytes: JPEG, name: 'cheti cha usalama.png' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const application = response.json<{ data: Application }>().data;
    const names: Record<string, string | undefined> = {};
    for (const document of application.documents) {
      const file = await app.inject({
        method: 'GET',
        url: `/api/operator/applications/${application.id}/documents/${document.id}`,
        headers: operator,
      });
      expect(file.statusCode).toBe(200);
      names[document.kind] = String(file.headers['content-disposition']);
    }
    expect(names).toEqual({
      id: `attachment; filename="id-document.pdf"; filename*=UTF-8''id-document.pdf`,
      'food-safety': `attachment; filename="food-safety-certificate.jpg"; filename*=UTF-8''food-safety-certificate.jpg`,
    });
  });

  it('approves: the shop opens, the applicant runs it, is told, and the log says who did it', async () => {
    const { me, userId: applicantId, application } = await submitted();
    const approved = await app.inject({
      method: 'POST',
      url: `/api/operator/applications/${application.id}/approve`,
      headers: operator,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = approved.json<{ data: Application }>().data;
    expect(decided.status).toBe('approved');
    expect(decided.provider?.slug).toMatch(/^kiambu-greens-[a-f0-9]+-nairobi$/);

    const [shop] = await database.db
      .select()
      .from(providers)
      .where(eq(providers.id, decided.provider?.id ?? ''));
    expect(shop).toMatchObject({ status: 'active', service: 'farm', kind: 'farmer', name: application.businessName });
    const members = await database.db
      .select()
      .from(providerMembers)
      .where(and(eq(providerMembers.providerId, shop?.id ?? ''), eq(providerMembers.userId, applicantId)));
    expect(members).toHaveLength(1);
    const roles = await database.db.select().from(userRoles).where(eq(userRoles.userId, applicantId));
    expect(roles.map((role) => role.role)).toContain('provider');

    expect(await outbox.latest(application.email)).toMatch(/is approved: your shop is open/);
    expect(await outbox.latest(application.phone)).toMatch(/provider console: http:\/\/shop.test\/provider/);

    const farmers = await app.inject({
      method: 'GET',
      url: `/api/farm/farmers/${decided.provider?.slug}`,
      headers: { 'x-store-id': 'KE' },
    });
    expect(farmers.statusCode).toBe(200);

    const log = await app.inject({
      method: 'GET',
      url: `/api/operator/audit-log?subjectType=application&subjectId=${application.id}`,
      headers: operator,
    });
    const [entry] = log.json<{ data: AuditEntry[] }>().data;
    expect(entry).toMatchObject({
      action: 'application.approve',
      actor: { label: expect.stringMatching(/^op\./) },
      before: { status: 'submitted' },
      after: { status: 'approved', providerId: shop?.id },
    });

    const twice = await app.inject({
      method: 'POST',
      url: `/api/operator/applications/${application.id}/approve`,
      headers: operator,
    });
    expect(twice.statusCode).toBe(409);
    const another = await apply(me, farmApplication());
    expect(another.statusCode).toBe(409);
    expect(another.json().errors.message).toMatch(/already run a shop/);
  });

  it('rejects with a reason the applicant reads, after which they may apply again', async () => {
    const { me, application } = await submitted();
    const short = await app.inject({
      method: 'POST',
      url: `/api/operator/applications/${application.id}/reject`,
      headers: operator,
      payload: { reason: 'No.' },
    });
    expect(short.statusCode).toBe(400);
    const reason = 'The trading licence is for another business name.';
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/operator/applications/${application.id}/reject`,
      headers: operator,
      payload: { reason },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ data: Application }>().data).toMatchObject({ status: 'rejected', reason, provider: null });
    expect(await outbox.latest(application.email)).toContain(reason);
    const again = await apply(me, farmApplication());
    expect(again.statusCode).toBe(201);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/operator/applications/00000000-0000-4000-8000-000000000000/reject',
      headers: operator,
      payload: { reason },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the audit log append-only, even for the database account the API uses', async () => {
    // An entry of its own: the operator turns an application down.
    const { application } = await submitted();
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/operator/applications/${application.id}/reject`,
      headers: operator,
      payload: { reason: 'The ID document cannot be read: send a sharper photo.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [entry] = await database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.subjectId, application.id))
      .limit(1);
    if (!entry) throw new Error('the rejection wrote no audit entry');
    await expect(database.db.execute(sql`update audit_log set action = 'x' where id = ${entry?.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log where id = ${entry?.id}`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});

describe('an application refused after its documents were stored', () => {
  it('is answered with its refusal even when a stored document cannot be removed', async () => {
    const session = await signUp(app, database, outbox, { identifier: `applicant.${tag()}@example.com` });
    const store = createDocumentStore(TEST_CONFIG.documentsDir);
    // The disk will not let go of the file (a volume gone read-only, say).
    const stuck: DocumentStore = {
      ...store,
      remove: async () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    async function* parts(): AsyncIterable<FormPart> {
      yield { type: 'file', name: 'id', fileName: 'my-id.png', stream: Readable.from([PNG]) };
      yield { type: 'field', name: 'application', value: '{ not json' };
    }
    const warnings: object[] = [];
    const log = { warn: (context: object) => void warnings.push(context) };
    const refusal = await applyToJoin(
      { join: createJoinRepository(database.db), documents: stuck, log },
      {
        principal: { userId: session.user.id, sessionId: randomUUID(), roles: ['customer'] },
        service: 'farm',
        clientIp: freshAddress(),
        parts: parts(),
      },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    // The ID left on the disk is reported by its key, for someone to remove.
    expect(warnings).toEqual([{ err: expect.any(Error), storageKey: expect.stringMatching(/^[a-f0-9]{32}$/) }]);
    expect(refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { application: ['The application is not valid JSON'] },
    });
  });
});
