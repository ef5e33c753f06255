import { SIGN_IN_FAILURES_PER_IDENTIFIER } from '@malewa/contracts/auth/authenticate';
import type { Session } from '@malewa/contracts/auth/user';
import type { ErrorResponse } from '@malewa/contracts/errors';
import { credentials, refreshTokens, sessions } from '@malewa/db/schema/accounts';
import { creditLedger } from '@malewa/db/schema/wallet';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freshAddress, fromAddress, signIn, signUp } from '#api/testing/accounts.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase } from '#api/testing/test-app.ts';

let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;
/** The services' clock: real time plus whatever a test moves it by. */
let offsetMs = 0;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  app = await buildTestApp(database, { now: () => new Date(Date.now() + offsetMs) });
  await app.ready();
  outbox = await createTestOutbox(database);
});

afterAll(async () => {
  await app?.close();
  await outbox?.destroy();
  await database?.destroy();
});

let nextUser = 1;
const newEmail = () => `shopper${nextUser++}.${Date.now()}@example.co.ke`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...fromAddress(freshAddress()), ...headers },
  });
}

describe('a new shopper, from registration to logging out everywhere', () => {
  it('registers, confirms with the code from the outbox, signs in, edits, changes the password and logs out', async () => {
    const email = newEmail();
    const registered = await post('/auth/account/register', {
      name: 'Wanjiru',
      surname: 'Kamau',
      phone: '0712 345 678',
      credential: { identifier: `  ${email.toUpperCase()} `, secret: 'mandazi na chai 2026' },
      locale: 'sw',
      market: 'KE',
    });
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({
      data: { accepted: true, identifier: email, channel: 'email', signInToken: expect.stringMatching(/^mws_/) },
    });

    // Not confirmed yet: the right password is told so, and nothing more.
    const early = await post('/auth/account/authenticate', { identifier: email, secret: 'mandazi na chai 2026' });
    expect(early.statusCode).toBe(403);
    expect(early.json<ErrorResponse>().problem).toEqual({ code: 'unconfirmed' });

    const message = await outbox.latest(email);
    expect(message).toContain('Nambari yako ya Malewa');
    expect(message).toContain('http://shop.test/sw/auth/confirm-account?token=mwv_');
    const code = await outbox.code(email);
    const confirmed = await post('/auth/verification/confirm', { identifier: email, token: code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { credential: { identifier: email, verified: true } } });

    const first = await post('/auth/account/authenticate', { identifier: email, secret: 'mandazi na chai 2026' });
    expect(first.statusCode).toBe(200);
    const session = first.json<{ data: Session }>().data;
    expect(session).toMatchObject({
      tokenType: 'Bearer',
      accessToken: expect.stringMatching(/^mwa_/),
      refreshToken: expect.stringMatching(/^mwr_/),
      credential: { identifier: email, verified: true },
      user: { name: 'Wanjiru', surname: 'Kamau', email, phone: '+254712345678', locale: 'sw', market: 'KE' },
    });
    expect(session.user.roles).toEqual(['customer']);
    expect(first.body).not.toMatch(/argon2|password_hash|passwordHash/);

    const me = await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: { user: session.user, credential: { identifier: email, verified: true } } });

    const edited = await app.inject({
      method: 'PUT',
      url: '/auth/user/me',
      headers: bearer(session),
      payload: {
        name: 'Wanjiru',
        surname: 'Kamau-Otieno',
        email,
        phone: '+254 733 000 111',
        gender: 'female',
        bio: 'Loves githeri.',
        dateOfBirth: '1994-05-17',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: { user: Session['user'] } }>().data.user).toMatchObject({
      surname: 'Kamau-Otieno',
      phone: '+254733000111',
      gender: 'female',
      bio: 'Loves githeri.',
      dateOfBirth: '1994-05-17',
      avatarUrl: null,
    });

    // A second device, then a password change on the first: the second is signed out at once.
    const other = await signIn(app, email, 'mandazi na chai 2026');
    const changed = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: bearer(session),
      payload: {
        currentPassword: 'mandazi na chai 2026',
        newPassword: 'ugali and sukuma wiki',
        confirmNewPassword: 'ugali and sukuma wiki',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      data: { credential: { identifier: email, verified: true }, passwordChanged: true, pendingIdentifier: null },
    });
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await post('/auth/session/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(session) })).statusCode).toBe(200);
    const stale = await post('/auth/account/authenticate', { identifier: email, secret: 'mandazi na chai 2026' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json<ErrorResponse>().problem).toEqual({ code: 'wrong_credentials' });
    expect(await outbox.latest(email)).toContain('Nenosiri lako la Malewa limebadilishwa');

    const third = await signIn(app, email, 'ugali and sukuma wiki');
    const out = await app.inject({ method: 'DELETE', url: '/auth/session/logout?all=true', headers: bearer(session) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { sessionsEnded: 2 } });
    for (const ended of [session, third]) {
      expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(ended) })).statusCode).toBe(401);
    }
  });

  it('confirms with the link token alone, once', async () => {
    const email = newEmail();
    await post('/auth/account/register', {
      name: 'Thabo',
      surname: 'Nkosi',
      credential: { identifier: email, secret: 'braai on sunday' },
    });
    const token = await outbox.linkToken(email, '/auth/confirm-account');

    expect((await post('/auth/verification/confirm', { token })).statusCode).toBe(200);
    const again = await post('/auth/verification/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json<ErrorResponse>().errors)).toEqual(['token']);
  });

  it('logs out with the headers every storefront call carries: a JSON content type and no body', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    for (const extra of [{}, { 'content-length': '0' }]) {
      const session = await signIn(app, shopper.credential.identifier, shopper.password);
      const out = await app.inject({
        method: 'DELETE',
        url: '/auth/session/logout',
        headers: { ...bearer(session), 'content-type': 'application/json', accept: 'application/json', ...extra },
      });
      expect(out.statusCode).toBe(200);
    }
    const me = await app.inject({
      method: 'GET',
      url: '/auth/user/me',
      headers: { ...bearer(shopper), 'content-type': 'application/json' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('logs out one session only by default', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const other = await signIn(app, shopper.credential.identifier, shopper.password);

    const out = await app.inject({ method: 'DELETE', url: '/auth/session/logout', headers: bearer(shopper) });
    expect(out.json()).toEqual({ data: { sessionsEnded: 1 } });
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(shopper) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(other) })).statusCode).toBe(200);
  });
});

describe('PUT /auth/user/me', () => {
  it('names each bad field, and keeps the sign-in identifier to PUT /account/update', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const response = await app.inject({
      method: 'PUT',
      url: '/auth/user/me',
      headers: bearer(shopper),
      payload: { name: 'Amani', surname: 'Test', email: 'someone.else@example.com', dateOfBirth: '17/05/1994' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorResponse>().errors)).toEqual(['dateOfBirth']);

    const identifierChange = await app.inject({
      method: 'PUT',
      url: '/auth/user/me',
      headers: bearer(shopper),
      payload: { name: 'Amani', surname: 'Test', email: 'someone.else@example.com', phone: 'not a phone' },
    });
    expect(identifierChange.statusCode).toBe(400);
    expect(Object.keys(identifierChange.json<ErrorResponse>().errors).sort()).toEqual(['email', 'phone']);
  });
});

describe('phone numbers as identifiers', () => {
  it.each([
    ['+27 82 123 4567', 'ZA', '+27821234567'],
    ['0788 123 456', 'RW', '+250788123456'],
    ['71 234 567', 'BW', '+26771234567'],
    ['077 123 4567', 'ZW', '+263771234567'],
    ['84 123 4567', 'MZ', '+258841234567'],
    ['00254 712 345 678', undefined, '+254712345678'],
  ])('accepts %s (market %s) as %s and sends the code by SMS', async (typed, market, e164) => {
    // A number of its own per case: the same number twice would be a second registration.
    const response = await post(
      '/auth/account/register',
      { name: 'Chipo', surname: 'Moyo', credential: { identifier: typed, secret: 'sadza nenyama 77' } },
      market ? { 'x-store-id': market } : {},
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ data: { identifier: e164, channel: 'sms' } });
    expect(await outbox.code(e164)).toMatch(/^\d{6}$/);
  });

  it('asks for the country code when a national number fits several markets', async () => {
    const response = await post('/auth/account/register', {
      name: 'Chipo',
      surname: 'Moyo',
      credential: { identifier: '0712 345 679', secret: 'sadza nenyama 77' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors['credential.identifier']).toEqual([
      expect.stringMatching(/country code/),
    ]);
  });

  it('keeps the store credit in the market currency: zero KES for a Kenyan number', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: '+254 722 000 001' });
    expect(shopper.user.market).toBe('KE');
    const credit = await app.inject({ method: 'GET', url: '/api/account/credit', headers: bearer(shopper) });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toEqual({ data: { currency: 'KES', balanceMinor: 0 } });

    // The balance is the ledger's sum in the market currency, not a constant.
    await database.db.insert(creditLedger).values([
      { userId: shopper.user.id, currency: 'KES', amountMinor: 25_000, reason: 'goodwill' },
      { userId: shopper.user.id, currency: 'KES', amountMinor: -5_000, reason: 'order' },
      { userId: shopper.user.id, currency: 'ZAR', amountMinor: 999, reason: 'other market' },
    ]);
    const after = await app.inject({ method: 'GET', url: '/api/account/credit', headers: bearer(shopper) });
    expect(after.json()).toEqual({ data: { currency: 'KES', balanceMinor: 20_000 } });
  });
});

describe('passwords', () => {
  it.each([
    ['too short', 'abc123', /at least 8/],
    ['one of the most common', 'password1', /too common/],
    ['common in another case', 'PassWord123', /too common/],
    ['too long', 'x'.repeat(129), /at most 128/],
  ])('refuses a password that is %s', async (_what, secret, message) => {
    const response = await post('/auth/account/register', {
      name: 'Amani',
      surname: 'Test',
      credential: { identifier: newEmail(), secret },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors['credential.secret']).toEqual([expect.stringMatching(message)]);
  });

  it('stores argon2id with 19 MiB, t=2, p=1', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const [row] = await database.db
      .select({ hash: credentials.passwordHash })
      .from(credentials)
      .where(eq(credentials.identifier, shopper.credential.identifier));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts spaces, any characters and no composition rules', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail(), password: 'ndizi tamu sana' });
    expect(shopper.user.roles).toEqual(['customer']);
  });
});

describe('password reset', () => {
  it('works once through the link; the old password fails and the new one works; every session ends', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail(), locale: 'fr' });
    const email = shopper.credential.identifier;

    expect((await post('/auth/reset/request', { identifier: email })).statusCode).toBe(202);
    const message = await outbox.latest(email);
    expect(message).toContain('Choisissez un nouveau mot de passe Malewa');
    const token = await outbox.linkToken(email, '/fr/auth/reset-password');

    const mismatch = await post('/auth/reset/confirm', {
      token,
      newPassword: 'a new kitchen 42',
      confirmNewPassword: 'other',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(Object.keys(mismatch.json<ErrorResponse>().errors)).toEqual(['confirmNewPassword']);

    const reset = await post('/auth/reset/confirm', {
      token,
      newPassword: 'a new kitchen 42',
      confirmNewPassword: 'a new kitchen 42',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ data: { credential: { identifier: email, verified: true } } });

    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(shopper) })).statusCode).toBe(401);
    expect((await post('/auth/account/authenticate', { identifier: email, secret: shopper.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/auth/account/authenticate', { identifier: email, secret: 'a new kitchen 42' })).statusCode,
    ).toBe(200);

    const twice = await post('/auth/reset/confirm', {
      token,
      newPassword: 'yet another one 43',
      confirmNewPassword: 'yet another one 43',
    });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json<ErrorResponse>().errors)).toEqual(['token']);
  });

  it('refuses an expired link (30 minutes)', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    await post('/auth/reset/request', { identifier: shopper.credential.identifier });
    const token = await outbox.linkToken(shopper.credential.identifier, '/auth/reset-password');
    offsetMs = 31 * 60_000;
    try {
      const late = await post('/auth/reset/confirm', {
        token,
        newPassword: 'too late now 1',
        confirmNewPassword: 'too late now 1',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('sessions', () => {
  it('rotates refresh tokens; using one again after the grace window ends the session', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });

    const refreshed = await post('/auth/session/refresh', { refreshToken: shopper.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<{ data: Session }>().data;
    expect(next.refreshToken).not.toBe(shopper.refreshToken);
    expect(next.accessToken).not.toBe(shopper.accessToken);
    // The old access token is replaced, the new one works.
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(shopper) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(next) })).statusCode).toBe(200);

    // A token spent 11 s ago (the grace window is 10 s) was copied: the session ends.
    offsetMs = 11_000;
    let reused: Awaited<ReturnType<typeof post>>;
    try {
      reused = await post('/auth/session/refresh', { refreshToken: shopper.refreshToken });
    } finally {
      offsetMs = 0;
    }
    expect(reused.statusCode).toBe(401);
    // The whole family is gone: the newest tokens too.
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(next) })).statusCode).toBe(401);
    expect((await post('/auth/session/refresh', { refreshToken: next.refreshToken })).statusCode).toBe(401);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, shopper.user.id));
    expect(row?.revokedReason).toBe('refresh-token-reuse');
  });

  it('lets simultaneous refreshes with one token all succeed with the same pair, and the session live on', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/auth/session/refresh', { refreshToken: shopper.refreshToken })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const pairs = answers.map((answer) => answer.json<{ data: Session }>().data);
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.accessToken)).size).toBe(1);
    const [pair] = pairs;
    if (!pair) throw new Error('no answer');
    expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(pair) })).statusCode).toBe(200);
    // A late copy within the window gets the same pair too, and the chain goes on from it.
    const late = await post('/auth/session/refresh', { refreshToken: shopper.refreshToken });
    expect(late.json<{ data: Session }>().data.refreshToken).toBe(pair.refreshToken);
    const onwards = await post('/auth/session/refresh', { refreshToken: pair.refreshToken });
    expect(onwards.statusCode).toBe(200);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, shopper.user.id));
    expect(row?.revokedAt).toBeNull();
  });

  it('keeps only the sealed pair in the database, which the stored token hash cannot open', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const next = (await post('/auth/session/refresh', { refreshToken: shopper.refreshToken })).json<{ data: Session }>()
      .data;
    const rows = await database.db.select().from(refreshTokens);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(next.refreshToken);
    expect(dump).not.toContain(next.accessToken);
    expect(dump).not.toContain(shopper.refreshToken);
  });

  it('answers 401 for a tampered, a made-up or a missing access token', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const last = shopper.accessToken.at(-1) === 'A' ? 'B' : 'A';
    for (const headers of [
      { authorization: `Bearer ${shopper.accessToken.slice(0, -1)}${last}` },
      { authorization: 'Bearer mwa_made-up' },
      { authorization: `Basic ${shopper.accessToken}` },
      {},
    ]) {
      const response = await app.inject({ method: 'GET', url: '/auth/user/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: { message: 'Please sign in to continue.' } });
    }
  });

  it('answers 401 for an expired access token, while the refresh token still renews it', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    offsetMs = 16 * 60_000;
    try {
      expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(shopper) })).statusCode).toBe(
        401,
      );
      const refreshed = await post('/auth/session/refresh', { refreshToken: shopper.refreshToken });
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.json<{ data: Session }>().data;
      expect((await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(next) })).statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('survives nearly 6 hours without a request, and ends after 6 hours without a refresh', async () => {
    const idle = await signUp(app, database, outbox, { identifier: newEmail() });
    const gone = await signIn(app, idle.credential.identifier, idle.password);
    try {
      offsetMs = 5 * 60 * 60_000 + 50 * 60_000;
      const refreshed = await post('/auth/session/refresh', { refreshToken: idle.refreshToken });
      expect(refreshed.statusCode).toBe(200);
      // The new refresh token has 6 hours of its own.
      expect(Date.parse(refreshed.json<{ data: Session }>().data.refreshTokenExpiresAt)).toBeGreaterThan(
        Date.now() + offsetMs + 5 * 60 * 60_000,
      );
      offsetMs = 6 * 60 * 60_000 + 1000;
      expect((await post('/auth/session/refresh', { refreshToken: gone.refreshToken })).statusCode).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('no enumeration', () => {
  it.each([
    ['/auth/account/authenticate', (identifier: string) => ({ identifier, secret: 'not the password 1' })],
    ['/auth/verification/request', (identifier: string) => ({ identifier })],
    ['/auth/reset/request', (identifier: string) => ({ identifier })],
  ])('%s answers an unknown identifier exactly as a known one', async (url, payload) => {
    const known = await signUp(app, database, outbox, { identifier: newEmail() });
    const forKnown = await post(url, payload(known.credential.identifier));
    const forUnknown = await post(url, payload(newEmail()));

    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
  });

  it('answers a registration of an existing account as a new one, and tells the owner', async () => {
    const owner = await signUp(app, database, outbox, { identifier: newEmail() });
    const email = owner.credential.identifier;
    const fresh = newEmail();

    const again = await post('/auth/account/register', {
      name: 'Eve',
      surname: 'Mallory',
      credential: { identifier: email, secret: 'i am not the owner' },
    });
    const brandNew = await post('/auth/account/register', {
      name: 'Eve',
      surname: 'Mallory',
      credential: { identifier: fresh, secret: 'i am not the owner' },
    });

    expect(again.statusCode).toBe(brandNew.statusCode);
    expect(again.json()).toEqual({
      data: { accepted: true, identifier: email, channel: 'email', signInToken: expect.stringMatching(/^mws_/) },
    });
    expect(brandNew.json()).toEqual({
      data: { accepted: true, identifier: fresh, channel: 'email', signInToken: expect.stringMatching(/^mws_/) },
    });
    expect(await outbox.latest(email)).toContain('Someone, maybe you, tried to create a Malewa account');
    // The owner's password is untouched.
    expect(
      (await post('/auth/account/authenticate', { identifier: email, secret: 'i am not the owner' })).statusCode,
    ).toBe(401);
    expect((await post('/auth/account/authenticate', { identifier: email, secret: owner.password })).statusCode).toBe(
      200,
    );
  });

  it('lets only the latest registration of an unconfirmed address confirm it, with its password', async () => {
    const email = newEmail();
    // Someone registers the owner's address first, with a password of their own.
    await post('/auth/account/register', {
      name: 'Eve',
      surname: 'Mallory',
      credential: { identifier: email, secret: 'the attackers one' },
    });
    const attackersCode = await outbox.code(email);
    await post('/auth/account/register', {
      name: 'Real',
      surname: 'Owner',
      credential: { identifier: email, secret: 'the owners secret' },
    });
    const ownersCode = await outbox.code(email);
    expect(ownersCode).not.toBe(attackersCode);

    // The first registration's code is spent: it cannot hand the account to its password.
    expect((await post('/auth/verification/confirm', { identifier: email, token: attackersCode })).statusCode).toBe(
      400,
    );
    expect((await post('/auth/verification/confirm', { identifier: email, token: ownersCode })).statusCode).toBe(200);
    expect(
      (await post('/auth/account/authenticate', { identifier: email, secret: 'the attackers one' })).statusCode,
    ).toBe(401);
    const signedIn = await post('/auth/account/authenticate', { identifier: email, secret: 'the owners secret' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ data: Session }>().data.user).toMatchObject({ name: 'Real', surname: 'Owner' });
  });

  it('gives a code asked for again after a further registration that registration’s password', async () => {
    const email = newEmail();
    await post('/auth/account/register', {
      name: 'Eve',
      surname: 'M',
      credential: { identifier: email, secret: 'the attackers one' },
    });
    await post('/auth/account/register', {
      name: 'Real',
      surname: 'Owner',
      credential: { identifier: email, secret: 'the owners secret' },
    });
    expect((await post('/auth/verification/request', { identifier: email })).statusCode).toBe(202);
    expect(
      (await post('/auth/verification/confirm', { identifier: email, token: await outbox.code(email) })).statusCode,
    ).toBe(200);
    expect(
      (await post('/auth/account/authenticate', { identifier: email, secret: 'the attackers one' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/account/authenticate', { identifier: email, secret: 'the owners secret' })).statusCode,
    ).toBe(200);
  });
});

describe('confirmation codes', () => {
  it('count only with the identifier they were sent to', async () => {
    const a = newEmail();
    const b = newEmail();
    await post('/auth/account/register', {
      name: 'A',
      surname: 'A',
      credential: { identifier: a, secret: 'first account pw' },
    });
    await post('/auth/account/register', {
      name: 'B',
      surname: 'B',
      credential: { identifier: b, secret: 'second account pw' },
    });
    const codeOfA = await outbox.code(a);

    const crossed = await post('/auth/verification/confirm', { identifier: b, token: codeOfA });
    // Unless both were drawn alike (one in a million), A's code does not confirm B.
    if (codeOfA !== (await outbox.code(b))) expect(crossed.statusCode).toBe(400);
    expect((await post('/auth/verification/confirm', { token: codeOfA })).statusCode).toBe(400);
  });

  it('die after 5 wrong attempts, even for the right code afterwards', async () => {
    const email = newEmail();
    await post('/auth/account/register', {
      name: 'A',
      surname: 'A',
      credential: { identifier: email, secret: 'first account pw' },
    });
    const code = await outbox.code(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/verification/confirm', { identifier: email, token: wrong })).statusCode).toBe(400);
    expect((await post('/auth/verification/confirm', { identifier: email, token: code })).statusCode).toBe(400);

    // A new code works.
    expect((await post('/auth/verification/request', { identifier: email })).statusCode).toBe(202);
    expect(
      (await post('/auth/verification/confirm', { identifier: email, token: await outbox.code(email) })).statusCode,
    ).toBe(200);
  });

  it('expire after 10 minutes', async () => {
    const email = newEmail();
    await post('/auth/account/register', {
      name: 'A',
      surname: 'A',
      credential: { identifier: email, secret: 'first account pw' },
    });
    const code = await outbox.code(email);
    offsetMs = 10 * 60_000 + 1000;
    try {
      expect((await post('/auth/verification/confirm', { identifier: email, token: code })).statusCode).toBe(400);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('changing the sign-in identifier', () => {
  it('takes the new identifier only once its code is confirmed', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const next = newEmail();
    const wrong = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: bearer(shopper),
      payload: { currentPassword: 'not it at all', newIdentifier: next },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json<ErrorResponse>().errors)).toEqual(['currentPassword']);

    const same = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: bearer(shopper),
      payload: { currentPassword: shopper.password, newIdentifier: shopper.credential.identifier },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<ErrorResponse>().problem).toEqual({ code: 'same_identifier' });

    const asked = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: bearer(shopper),
      payload: { currentPassword: shopper.password, newIdentifier: next },
    });
    expect(asked.json()).toEqual({
      data: { credential: shopper.credential, passwordChanged: false, pendingIdentifier: next },
    });
    expect((await post('/auth/account/authenticate', { identifier: next, secret: shopper.password })).statusCode).toBe(
      401,
    );

    expect(
      (await post('/auth/verification/confirm', { identifier: next, token: await outbox.code(next) })).statusCode,
    ).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(shopper) });
    expect(me.json()).toMatchObject({
      data: { user: { email: next }, credential: { identifier: next, verified: true } },
    });
    expect((await post('/auth/account/authenticate', { identifier: next, secret: shopper.password })).statusCode).toBe(
      200,
    );
  });
});

describe('sign-in limits', () => {
  it('refuses the 11th wrong password for one account from one address within a minute with 429 and Retry-After', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    const attacker = fromAddress(freshAddress());
    for (let i = 1; i <= 10; i++) {
      const response = await post('/auth/account/authenticate', { identifier, secret: `wrong guess ${i}` }, attacker);
      expect(response.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await post('/auth/account/authenticate', { identifier, secret: shopper.password }, attacker);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ errors: { message: expect.stringMatching(/wait a minute/) } });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The same for an identifier without an account: the limit reveals nothing either.
    const unknown = newEmail();
    for (let i = 1; i <= 10; i++)
      await post('/auth/account/authenticate', { identifier: unknown, secret: `wrong ${i}` }, attacker);
    expect(
      (await post('/auth/account/authenticate', { identifier: unknown, secret: 'wrong 11' }, attacker)).statusCode,
    ).toBe(429);
  });

  it('never locks the owner out: their own address still signs in while the attacker’s gets 429', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    const attacker = fromAddress(freshAddress());
    for (let i = 1; i <= 30; i++)
      await post('/auth/account/authenticate', { identifier, secret: `guess ${i}` }, attacker);
    expect(
      (await post('/auth/account/authenticate', { identifier, secret: shopper.password }, attacker)).statusCode,
    ).toBe(429);
    const owner = fromAddress(freshAddress());
    const signedIn = await post('/auth/account/authenticate', { identifier, secret: shopper.password }, owner);
    expect(signedIn.statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses at a slower ceiling per account', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    // 100 wrong passwords in 15 minutes, each from an address of its own.
    for (let i = 1; i <= 100; i++) await post('/auth/account/authenticate', { identifier, secret: `guess ${i}` });
    expect((await post('/auth/account/authenticate', { identifier, secret: 'guess 101' })).statusCode).toBe(429);
  });

  it('does not count right passwords', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    // All from one address, where the 11th counted attempt within a minute is refused.
    const home = fromAddress(freshAddress());
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_IDENTIFIER + 2; i++) {
      const right = await post('/auth/account/authenticate', { identifier, secret: shopper.password }, home);
      expect(right.statusCode, `right password ${i}`).toBe(200);
    }
    // They left the address its whole allowance of wrong ones, and no more.
    for (let i = 1; i <= SIGN_IN_FAILURES_PER_IDENTIFIER; i++) {
      const wrong = await post('/auth/account/authenticate', { identifier, secret: `wrong ${i}` }, home);
      expect(wrong.statusCode, `wrong password ${i}`).toBe(401);
    }
    expect((await post('/auth/account/authenticate', { identifier, secret: 'wrong again' }, home)).statusCode).toBe(
      429,
    );
  });
});

// Each check of a secret is counted before it is made and given back when it was right: these
// fail when a refund is left out (a right answer would eat the allowance of wrong ones).
describe('right answers are not counted', () => {
  const CODE_ENTRIES_PER_IDENTIFIER = 10;
  const CODE_ENTRIES_PER_ADDRESS = 50;

  /** Sends `count` wrong answers to `url` from `headers`' address; each must be refused as wrong. */
  async function wrongAnswers(url: string, body: (i: number) => object, headers: object, count: number) {
    for (let i = 1; i <= count; i++) {
      const response = await post(url, body(i), headers as Record<string, string>);
      expect(response.statusCode, `${url}: wrong answer ${i}`).toBe(400);
    }
  }

  async function registered(): Promise<string> {
    const email = newEmail();
    await post('/auth/account/register', {
      name: 'Refund',
      surname: 'Test',
      credential: { identifier: email, secret: 'a right answer 2026' },
    });
    return email;
  }

  it('a right confirmation code leaves the identifier its wrong ones', async () => {
    const email = await registered();
    const code = await outbox.code(email);
    const wrong = () => ({ identifier: email, token: code === '000000' ? '111111' : '000000' });
    const home = fromAddress(freshAddress());
    // Four wrong (a code dies at five), the right one, then the rest of the ten.
    await wrongAnswers('/auth/verification/confirm', wrong, home, 4);
    expect((await post('/auth/verification/confirm', { identifier: email, token: code }, home)).statusCode).toBe(200);
    await wrongAnswers('/auth/verification/confirm', wrong, home, CODE_ENTRIES_PER_IDENTIFIER - 4);
    expect((await post('/auth/verification/confirm', wrong(), home)).statusCode).toBe(429);
  });

  it('a right confirmation link leaves the address its wrong ones', async () => {
    const email = await registered();
    const token = await outbox.linkToken(email, '/auth/confirm-account');
    const wrong = (i: number) => ({ token: `mwv_not-a-link-${i}` });
    const home = fromAddress(freshAddress());
    await wrongAnswers('/auth/verification/confirm', wrong, home, CODE_ENTRIES_PER_ADDRESS - 1);
    expect((await post('/auth/verification/confirm', { token }, home)).statusCode).toBe(200);
    await wrongAnswers('/auth/verification/confirm', wrong, home, 1);
    expect((await post('/auth/verification/confirm', wrong(0), home)).statusCode).toBe(429);
  });

  it('a right reset link leaves the address its wrong ones', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const email = shopper.credential.identifier;
    expect((await post('/auth/reset/request', { identifier: email })).statusCode).toBe(202);
    const token = await outbox.linkToken(email, '/auth/reset-password');
    const password = { newPassword: 'a new kitchen 42', confirmNewPassword: 'a new kitchen 42' };
    const wrong = (i: number) => ({ token: `mwr_not-a-link-${i}`, ...password });
    const home = fromAddress(freshAddress());
    await wrongAnswers('/auth/reset/confirm', wrong, home, CODE_ENTRIES_PER_ADDRESS - 1);
    expect((await post('/auth/reset/confirm', { token, ...password }, home)).statusCode).toBe(200);
    await wrongAnswers('/auth/reset/confirm', wrong, home, 1);
    expect((await post('/auth/reset/confirm', wrong(0), home)).statusCode).toBe(429);
  });

  it('a right current password, changing the sign-in details, leaves the address its wrong passwords', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    const home = fromAddress(freshAddress());
    const update = (currentPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/auth/account/update',
        headers: { ...home, ...bearer(shopper) },
        payload: { currentPassword, newPassword: 'a new kitchen 42', confirmNewPassword: 'a new kitchen 42' },
      });
    for (let i = 1; i < SIGN_IN_FAILURES_PER_IDENTIFIER; i++) {
      expect((await update(`not it ${i}`)).statusCode, `wrong current password ${i}`).toBe(400);
    }
    expect((await update(shopper.password)).statusCode).toBe(200);
    // Wrong current passwords count with wrong sign-in passwords: one is left, then no more.
    expect((await post('/auth/account/authenticate', { identifier, secret: 'wrong' }, home)).statusCode).toBe(401);
    expect((await post('/auth/account/authenticate', { identifier, secret: 'wrong' }, home)).statusCode).toBe(429);
  });
});

describe('new sign-in notices', () => {
  const kinds = async (session: Session) =>
    (await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(session) }))
      .json<{ data: { kind: string; params: Record<string, string> }[] }>()
      .data.filter((n) => n.kind === 'new-sign-in');

  it('tell of a sign-in from another address or browser, never of the same device again', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const identifier = shopper.credential.identifier;
    const home = { ...fromAddress('198.51.100.200'), 'user-agent': 'Phone A' };
    const again = async (headers: Record<string, string>) =>
      (await post('/auth/account/authenticate', { identifier, secret: shopper.password }, headers)).json<{
        data: Session;
      }>().data;

    const first = await again(home);
    const before = (await kinds(first)).length;
    await again(home);
    expect(await kinds(first)).toHaveLength(before);
    await again({ ...fromAddress('203.0.113.77'), 'user-agent': 'Laptop B' });
    const notices = await kinds(first);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]?.params).toMatchObject({ clientIp: '203.0.113.77', userAgent: 'Laptop B' });
  });
});

describe('notifications and roles', () => {
  it('lists the shopper’s own notifications, newest first, and marks them read; others get 404', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const stranger = await signUp(app, database, outbox, { identifier: newEmail() });

    const listed = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(shopper) });
    expect(listed.statusCode).toBe(200);
    const body = listed.json<{ data: { id: string; kind: string; read: boolean }[]; meta: Record<string, number> }>();
    // A new account's own first sign-in is not a "new sign-in".
    expect(body.data.map((n) => n.kind)).toEqual(['account-confirmed', 'welcome']);
    expect(body.meta).toEqual({ page: 1, perPage: 15, total: 2, totalPages: 1, unread: 2 });
    const newest = body.data[0];
    if (!newest) throw new Error('no notification');

    const theirs = await app.inject({
      method: 'POST',
      url: `/api/notifications/${newest.id}/read`,
      headers: bearer(stranger),
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await app.inject({
      method: 'POST',
      url: `/api/notifications/${newest.id}/read`,
      headers: bearer(shopper),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ data: { id: newest.id, read: true, readAt: expect.any(String) } });

    const unread = await app.inject({ method: 'GET', url: '/api/notifications?unread=true', headers: bearer(shopper) });
    expect(unread.json<{ data: { id: string }[]; meta: { total: number; unread: number } }>()).toMatchObject({
      data: [{ id: body.data[1]?.id }],
      meta: { total: 1, unread: 1 },
    });
    // A later page counts the same, and a page past the end too, with nothing on it.
    const pageOf = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/notifications?${query}`, headers: bearer(shopper) })).json<{
        data: { id: string }[];
        meta: Record<string, number>;
      }>();
    expect(await pageOf('page=2&perPage=1')).toEqual({
      data: [expect.objectContaining({ id: body.data[1]?.id, read: false })],
      meta: { page: 2, perPage: 1, total: 2, totalPages: 2, unread: 1 },
    });
    expect(await pageOf('page=5&perPage=1')).toEqual({
      data: [],
      meta: { page: 5, perPage: 1, total: 2, totalPages: 2, unread: 1 },
    });
    expect((await pageOf('page=3&perPage=1&unread=true')).meta).toMatchObject({ total: 1, unread: 1 });
    const all = await app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(shopper) });
    expect(all.json()).toEqual({ data: { marked: 1 } });
    // The stranger's are untouched.
    const strangers = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(stranger) });
    expect(strangers.json<{ meta: { unread: number } }>().meta.unread).toBe(2);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/notifications', '/api/account/credit']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lets only operators write locations', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const operator = await signUp(app, database, outbox, { identifier: newEmail(), roles: ['operator'] });
    const location = { name: 'Kilimani', kind: 'city', countryCode: 'KE', latitude: -1.29, longitude: 36.78 };

    expect((await app.inject({ method: 'POST', url: '/api/locations', payload: location })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/locations', payload: location, headers: bearer(shopper) }))
        .statusCode,
    ).toBe(403);
    const created = await app.inject({
      method: 'POST',
      url: '/api/locations',
      payload: location,
      headers: bearer(operator),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: string } }>().data;
    const removed = await app.inject({ method: 'DELETE', url: `/api/locations/${id}`, headers: bearer(operator) });
    expect(removed.statusCode).toBe(200);
  });
});

describe('confirming in the browser that registered', () => {
  it('signs that browser in with the registration’s sign-in token; a code alone only confirms', async () => {
    const email = newEmail();
    const registered = await post('/auth/account/register', {
      name: 'Neema',
      surname: 'Test',
      credential: { identifier: email, secret: 'a fine password' },
    });
    const { signInToken } = registered.json<{ data: { signInToken: string } }>().data;
    expect(signInToken).toMatch(/^mws_/);
    const code = await outbox.code(email);

    // The registering browser sends its token with the code.
    const confirmed = await post('/auth/verification/confirm', { identifier: email, token: code, signInToken });
    expect(confirmed.statusCode).toBe(200);
    const { session } = confirmed.json<{ data: { session?: Session } }>().data;
    expect(session?.user.name).toBe('Neema');
    const me = await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(session as Session) });
    expect(me.statusCode).toBe(200);
  });

  it('does not sign in a browser with another registration’s token, or with none', async () => {
    const email = newEmail();
    const other = newEmail();
    await post('/auth/account/register', {
      name: 'A',
      surname: 'B',
      credential: { identifier: email, secret: 'a fine password' },
    });
    const foreign = (
      await post('/auth/account/register', {
        name: 'C',
        surname: 'D',
        credential: { identifier: other, secret: 'a fine password' },
      })
    ).json<{ data: { signInToken: string } }>().data.signInToken;
    const confirmed = await post('/auth/verification/confirm', {
      identifier: email,
      token: await outbox.code(email),
      signInToken: foreign,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ data: { session?: Session } }>().data.session).toBeUndefined();

    const third = newEmail();
    await post('/auth/account/register', {
      name: 'E',
      surname: 'F',
      credential: { identifier: third, secret: 'a fine password' },
    });
    const plain = await post('/auth/verification/confirm', { identifier: third, token: await outbox.code(third) });
    expect(plain.json<{ data: { session?: Session } }>().data.session).toBeUndefined();
  });

  it('gives a sign-in token on every path of a registration, so it tells nothing', async () => {
    const shopper = await signUp(app, database, outbox, { identifier: newEmail() });
    const again = await post('/auth/account/register', {
      name: 'A',
      surname: 'B',
      credential: { identifier: shopper.credential.identifier, secret: 'a fine password' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json<{ data: { signInToken: string } }>().data.signInToken).toMatch(/^mws_/);
  });
});
