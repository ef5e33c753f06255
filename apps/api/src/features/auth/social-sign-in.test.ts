import type { FinishSocialSignInResponse } from '@malewa/contracts/auth/finish-social-sign-in';
import type { Identity } from '@malewa/contracts/auth/identity';
import type { StartSocialSignInResponse } from '@malewa/contracts/auth/start-social-sign-in';
import { credentials, identities, users } from '@malewa/db/schema/accounts';
import { notifications } from '@malewa/db/schema/notifications';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config.ts';
import { bearer, freshAddress, fromAddress, signUp } from '#api/testing/accounts.ts';
import { createTestBrowser, jwtPayload, startTestOidcServer, type TestOidcServer } from '#api/testing/oidc-provider.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createFileDatabase, TEST_CONFIG } from '#api/testing/test-app.ts';

const ORIGIN = TEST_CONFIG.messages.publicOrigin;
const callbackOf = (provider: string) => `${ORIGIN}/auth/account/${provider}/callback`;

let database: TestDatabase;
let app: FastifyInstance;
let outbox: TestOutbox;
let google: TestOidcServer;
let facebook: TestOidcServer;
/** The services' clock: real time plus whatever a test moves it by. */
let offsetMs = 0;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  google = await startTestOidcServer({ redirectUris: [callbackOf('google')] });
  facebook = await startTestOidcServer({ redirectUris: [callbackOf('facebook')], facebookLike: true });
  // Through the real configuration: the same variables an operator sets.
  const { oidc } = loadConfig({
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_FACEBOOK_CLIENT_ID: facebook.clientId,
    OIDC_FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
    OIDC_FACEBOOK_ISSUER: facebook.issuer,
    OIDC_FACEBOOK_TOKEN_ENDPOINT: `${facebook.issuer}/token`,
  });
  app = await buildTestApp(database, {
    config: { ...TEST_CONFIG, oidc },
    now: () => new Date(Date.now() + offsetMs),
  });
  await app.ready();
  outbox = await createTestOutbox(database);
});

afterAll(async () => {
  await app?.close();
  await google?.close();
  await facebook?.close();
  await outbox?.destroy();
  await database?.destroy();
});

let nextPerson = 1;
function person(server: TestOidcServer, claims: Parameters<TestOidcServer['people']['set']>[1] = {}): string {
  const subject = `subject-${nextPerson++}-${Date.now()}`;
  server.people.set(subject, {
    email: `${subject}@gmail.test`,
    email_verified: true,
    given_name: 'Thandi',
    family_name: 'Nkosi',
    name: 'Thandi Nkosi',
    ...claims,
  });
  return subject;
}

type Provider = 'google' | 'facebook';
const serverOf = (provider: Provider) => (provider === 'google' ? google : facebook);

function start(provider: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/auth/account/${provider}/authorize`,
    headers: { ...fromAddress(freshAddress()), ...headers },
    payload: { redirectUri: callbackOf(provider), ...payload },
  });
}

function callback(provider: string, answer: URL | string, flowToken: string | undefined, headers = {}) {
  const search = typeof answer === 'string' ? answer : answer.search;
  return app.inject({
    method: 'GET',
    url: `/auth/account/${provider}/callback${search}`,
    headers: {
      ...fromAddress(freshAddress()),
      ...(flowToken === undefined ? {} : { 'x-flow-token': flowToken }),
      ...headers,
    },
  });
}

/**
 * What the storefront and the shopper do up to the callback: start, follow the provider's
 * pages (the scripted person logs in and consents), and come back with the provider's answer.
 */
async function upToCallback(
  provider: Provider,
  subject: string,
  options: { payload?: object; headers?: Record<string, string>; rewriteUrl?: (url: URL) => void } = {},
) {
  const started = await start(provider, options.payload ?? {}, options.headers);
  expect(started.statusCode, started.body).toBe(200);
  const { authorizationUrl, flowToken } = started.json<StartSocialSignInResponse>().data;
  const url = new URL(authorizationUrl);
  options.rewriteUrl?.(url);
  serverOf(provider).nextSubject = subject;
  const answer = await createTestBrowser().followUntil(url.href, callbackOf(provider));
  return { flowToken, answer, authorizationUrl: url };
}

async function socialSignIn(provider: Provider, subject: string) {
  const { flowToken, answer } = await upToCallback(provider, subject);
  const finished = await callback(provider, answer, flowToken);
  expect(finished.statusCode, finished.body).toBe(200);
  const data = finished.json<FinishSocialSignInResponse>().data;
  if (data.intent !== 'sign-in') throw new Error('expected a sign-in');
  return data;
}

const usersNamed = async (email: string) => database.db.select().from(users).where(eq(users.email, email));

describe('which providers are on', () => {
  it('lists the configured providers, and none when none is configured', async () => {
    const listed = await app.inject({ method: 'GET', url: '/auth/account/providers' });
    expect(listed.json()).toEqual({
      data: [
        { id: 'google', name: 'Google' },
        { id: 'facebook', name: 'Facebook' },
      ],
    });

    const plain = await buildTestApp(database);
    try {
      const none = await plain.inject({ method: 'GET', url: '/auth/account/providers' });
      expect(none.json()).toEqual({ data: [] });
      // A provider that is not configured has no routes to speak of.
      const disabledStart = await plain.inject({
        method: 'POST',
        url: '/auth/account/google/authorize',
        payload: { redirectUri: callbackOf('google') },
      });
      expect(disabledStart.statusCode).toBe(404);
      const disabledCallback = await plain.inject({
        method: 'GET',
        url: '/auth/account/google/callback?state=abc&code=def',
        headers: { 'x-flow-token': 'mwf_x' },
      });
      expect(disabledCallback.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers 404 for a provider nobody configured', async () => {
    expect((await start('twitter', {})).statusCode).toBe(404);
    expect((await callback('twitter', '?state=abc&code=def', 'mwf_x')).statusCode).toBe(404);
  });
});

describe('signing in with Google', () => {
  it('opens an account on the first sign-in and signs the same account in the next time', async () => {
    const subject = person(google);
    const email = `${subject}@gmail.test`;
    const { flowToken, answer, authorizationUrl } = await upToCallback('google', subject, {
      payload: { locale: 'sw', market: 'KE', returnTo: '/sw/account' },
    });
    // PKCE (S256), a nonce and a state went to the provider; the flow token did not.
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.href).not.toContain(flowToken);
    expect(answer.searchParams.get('code')).toBeTruthy();

    const first = await callback('google', answer, flowToken);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json<FinishSocialSignInResponse>().data;
    expect(data).toMatchObject({
      intent: 'sign-in',
      newAccount: true,
      returnTo: '/sw/account',
      session: {
        tokenType: 'Bearer',
        accessToken: expect.stringMatching(/^mwa_/),
        refreshToken: expect.stringMatching(/^mwr_/),
        // No password: the account signs in through Google only.
        credential: null,
        user: { name: 'Thandi', surname: 'Nkosi', email, phone: null, locale: 'sw', market: 'KE', roles: ['customer'] },
      },
    });
    if (data.intent !== 'sign-in') throw new Error('expected a sign-in');
    const { session } = data;

    // A session like any other: /user/me answers, the welcome exists (a first sign-in is not "new").
    const me = await app.inject({ method: 'GET', url: '/auth/user/me', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ user: { id: session.user.id, email }, credential: null });
    const kinds = await database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, session.user.id));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['welcome']);
    const linked = await app.inject({ method: 'GET', url: '/auth/account/identities', headers: bearer(session) });
    expect(linked.json<{ data: Identity[] }>().data).toEqual([
      expect.objectContaining({ provider: 'google', email, emailVerified: true }),
    ]);

    // The next sign-in of the same subject finds the same account, whatever the email says now.
    google.people.set(subject, { ...google.people.get(subject), email: `new.${email}` });
    const again = await socialSignIn('google', subject);
    expect(again.newAccount).toBe(false);
    expect(again.session.user.id).toBe(session.user.id);
    expect(again.session.accessToken).not.toBe(session.accessToken);
    expect(await usersNamed(email)).toHaveLength(1);
    const [identity] = await database.db.select().from(identities).where(eq(identities.subject, subject));
    expect(identity).toMatchObject({ email: `new.${email}`, userId: session.user.id });
  });

  it('records the email as unverified when the provider does not vouch for it', async () => {
    const subject = person(google, { email_verified: false });
    const { session } = await socialSignIn('google', subject);
    const linked = await app.inject({ method: 'GET', url: '/auth/account/identities', headers: bearer(session) });
    expect(linked.json<{ data: Identity[] }>().data[0]).toMatchObject({ emailVerified: false });
  });

  it('refuses to change a password the account does not have', async () => {
    const { session } = await socialSignIn('google', person(google));
    const update = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: bearer(session),
      payload: {
        currentPassword: 'anything at all',
        newPassword: 'a brand new password',
        confirmNewPassword: 'a brand new password',
      },
    });
    expect(update.statusCode).toBe(422);
  });
});

describe('signing in with Facebook (no token endpoint in its discovery document, no email_verified)', () => {
  it('exchanges the code at the configured token endpoint and keeps the email unverified', async () => {
    const subject = person(facebook, { email_verified: undefined });
    const exchangesBefore = facebook.exchanges;
    const { session, newAccount } = await socialSignIn('facebook', subject);
    expect(newAccount).toBe(true);
    expect(facebook.exchanges).toBe(exchangesBefore + 1);
    const linked = await app.inject({ method: 'GET', url: '/auth/account/identities', headers: bearer(session) });
    expect(linked.json<{ data: Identity[] }>().data).toEqual([
      expect.objectContaining({ provider: 'facebook', emailVerified: false }),
    ]);
    // The same subject at another provider is another person.
    google.people.set(subject, { ...facebook.people.get(subject), email: `other.${subject}@gmail.test` });
    const atGoogle = await socialSignIn('google', subject);
    expect(atGoogle.session.user.id).not.toBe(session.user.id);
  });
});

describe('answers that are not accepted', () => {
  it('refuses an answer whose state belongs to no flow, or that comes without the flow token', async () => {
    const { flowToken, answer } = await upToCallback('google', person(google));
    const forged = new URL(answer);
    forged.searchParams.set('state', 'a-state-nobody-issued');
    const wrongState = await callback('google', forged, flowToken);
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors.message).toMatch(/Signing in with Google did not work/);

    expect((await callback('google', answer, undefined)).statusCode).toBe(400);
    // Neither spent the flow: its own browser still finishes.
    expect((await callback('google', answer, flowToken)).statusCode).toBe(200);
  });

  it("refuses another browser's answer (login CSRF): the flow token must be the one of that flow", async () => {
    // The attacker starts a sign-in with their own account and plants the answer on the victim,
    // whose browser has a flow of its own.
    const attacker = await upToCallback('google', person(google));
    const victim = await start('google', {});
    const victimToken = victim.json<StartSocialSignInResponse>().data.flowToken;
    const planted = await callback('google', attacker.answer, victimToken);
    expect(planted.statusCode).toBe(400);
    expect(planted.body).not.toContain('accessToken');
  });

  it('refuses an answer used a second time, and the provider does not exchange its code again', async () => {
    const { flowToken, answer } = await upToCallback('google', person(google));
    expect((await callback('google', answer, flowToken)).statusCode).toBe(200);
    const exchanges = google.exchanges;
    const replayed = await callback('google', answer, flowToken);
    expect(replayed.statusCode).toBe(400);
    expect(google.exchanges).toBe(exchanges);
  });

  it('refuses an answer after 10 minutes', async () => {
    const { flowToken, answer } = await upToCallback('google', person(google));
    offsetMs = 10 * 60_000 + 1000;
    try {
      expect((await callback('google', answer, flowToken)).statusCode).toBe(400);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses an ID token that carries another nonce', async () => {
    const { flowToken, answer } = await upToCallback('google', person(google), {
      rewriteUrl: (url) => url.searchParams.set('nonce', 'a-nonce-of-someone-else'),
    });
    const exchanges = google.exchanges;
    const response = await callback('google', answer, flowToken);
    expect(google.exchanges).toBe(exchanges + 1);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a code exchanged without the PKCE verifier of its challenge', async () => {
    const { flowToken, answer } = await upToCallback('google', person(google), {
      rewriteUrl: (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)),
    });
    expect((await callback('google', answer, flowToken)).statusCode).toBe(400);
  });

  it('refuses an ID token whose subject was changed after signing', async () => {
    const victim = person(google);
    await socialSignIn('google', victim);
    google.idTokenHook = (token) => {
      const [header, , signature] = token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...jwtPayload(token), sub: victim })).toString('base64url');
      return `${header}.${payload}.${signature}`;
    };
    try {
      const { flowToken, answer } = await upToCallback('google', person(google));
      const response = await callback('google', answer, flowToken);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).not.toContain('accessToken');
    } finally {
      google.idTokenHook = undefined;
    }
  });

  it('refuses well-signed ID tokens meant for another client, from another issuer, or expired', async () => {
    const rewrites: Array<(claims: Record<string, unknown>) => Record<string, unknown>> = [
      (claims) => ({ ...claims, aud: 'another-client' }),
      (claims) => ({ ...claims, iss: 'https://accounts.example' }),
      (claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
    ];
    for (const rewrite of rewrites) {
      google.idTokenHook = (token, sign) => sign(rewrite(jwtPayload(token)));
      try {
        const { flowToken, answer } = await upToCallback('google', person(google));
        expect((await callback('google', answer, flowToken)).statusCode).toBe(400);
      } finally {
        google.idTokenHook = undefined;
      }
    }
    // The same rewriting that changes nothing is accepted: the refusals above were the claims.
    google.idTokenHook = (token, sign) => sign(jwtPayload(token));
    try {
      const { flowToken, answer } = await upToCallback('google', person(google));
      expect((await callback('google', answer, flowToken)).statusCode).toBe(200);
    } finally {
      google.idTokenHook = undefined;
    }
  });

  it('tells the shopper who cancelled at the provider', async () => {
    const started = await start('google', {});
    const { authorizationUrl, flowToken } = started.json<StartSocialSignInResponse>().data;
    const state = new URL(authorizationUrl).searchParams.get('state') ?? '';
    const cancelled = await callback(
      'google',
      `?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(google.issuer)}`,
      flowToken,
    );
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().errors.message).toMatch(/cancelled/);
  });

  it('refuses a callback address off the storefront', async () => {
    const response = await start('google', { redirectUri: 'https://evil.example/auth/account/google/callback' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('redirectUri');
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const gone = await startTestOidcServer({ redirectUris: [callbackOf('google')] });
    await gone.close();
    const { oidc } = loadConfig({
      OIDC_GOOGLE_CLIENT_ID: 'id',
      OIDC_GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_GOOGLE_ISSUER: gone.issuer,
    });
    const offline = await buildTestApp(database, { config: { ...TEST_CONFIG, oidc } });
    try {
      const response = await offline.inject({
        method: 'POST',
        url: '/auth/account/google/authorize',
        payload: { redirectUri: callbackOf('google') },
      });
      // 5xx bodies are generic; the storefront tells the shopper that Google is out of reach.
      expect(response.statusCode).toBe(503);
    } finally {
      await offline.close();
    }
  });
});

describe('an email address that already has an account', () => {
  it('is not joined: the sign-in is refused, nothing is created, and the owner can connect Google', async () => {
    const email = `owner.${Date.now()}@example.co.za`;
    const owner = await signUp(app, database, outbox, { identifier: email });
    const subject = person(google, { email: email.toUpperCase() });

    const { flowToken, answer } = await upToCallback('google', subject);
    const refused = await callback('google', answer, flowToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.message).toMatch(/already exists.*connect Google on your account page/);
    expect(await database.db.select().from(identities).where(eq(identities.subject, subject))).toEqual([]);
    expect(await usersNamed(email)).toHaveLength(1);

    // Connecting needs a signed-in user …
    expect((await start('google', { intent: 'link' })).statusCode).toBe(401);
    // … and then the same Google account is the owner's way in.
    const linking = await upToCallback('google', subject, {
      payload: { intent: 'link', returnTo: '/account' },
      headers: bearer(owner),
    });
    const linked = await callback('google', linking.answer, linking.flowToken, bearer(owner));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({
      intent: 'link',
      identity: { provider: 'google' },
      returnTo: '/account',
    });

    const viaGoogle = await socialSignIn('google', subject);
    expect(viaGoogle.session.user.id).toBe(owner.user.id);
    expect(viaGoogle.session.credential).toEqual({ identifier: email, verified: true });
  });

  it('does not block a sign-in when the address only belongs to an unconfirmed registration', async () => {
    const email = `squatter.${Date.now()}@example.co.za`;
    const registered = await app.inject({
      method: 'POST',
      url: '/auth/account/register',
      headers: { ...fromAddress(freshAddress()) },
      payload: { name: 'Not', surname: 'Confirmed', credential: { identifier: email, secret: 'someone elses pass 1' } },
    });
    expect(registered.statusCode).toBe(202);
    const subject = person(google, { email });
    const { session, newAccount } = await socialSignIn('google', subject);
    expect(newAccount).toBe(true);
    // Not joined to the unconfirmed account either: its password does not open this one.
    const [pending] = await database.db.select().from(credentials).where(eq(credentials.identifier, email));
    expect(pending?.userId).not.toBe(session.user.id);
  });

  it('refuses a second provider claiming an address another provider verified', async () => {
    const email = `twice.${Date.now()}@gmail.test`;
    await socialSignIn('google', person(google, { email }));
    const { flowToken, answer } = await upToCallback('facebook', person(facebook, { email }));
    expect((await callback('facebook', answer, flowToken)).statusCode).toBe(409);
  });
});

describe('a password for an address a provider verified', () => {
  it('opens no second account: registering answers as always and the owner is told how they sign in', async () => {
    const email = `google.only.${Date.now()}@gmail.test`;
    const { session } = await socialSignIn('google', person(google, { email }));
    const registered = await app.inject({
      method: 'POST',
      url: '/auth/account/register',
      headers: { ...fromAddress(freshAddress()) },
      payload: { name: 'Some', surname: 'One', credential: { identifier: email, secret: 'a password of my own' } },
    });
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({
      data: { accepted: true, identifier: email, channel: 'email', signInToken: expect.stringMatching(/^mws_/) },
    });
    expect(await database.db.select().from(credentials).where(eq(credentials.identifier, email))).toEqual([]);
    const message = await outbox.latest(email);
    expect(message).toContain('which you open with Google');
    expect(message).toContain('http://shop.test/auth/login');
    expect(message).not.toMatch(/\b\d{6}\b/);
    expect((await usersNamed(email)).map((user) => user.id)).toEqual([session.user.id]);
  });

  it('is not moved to another account by an identifier change, and is by its own account', async () => {
    const email = `google.too.${Date.now()}@gmail.test`;
    await socialSignIn('google', person(google, { email }));
    const other = await signUp(app, database, outbox, { identifier: `mover.${Date.now()}@example.co.ke` });
    const change = (session: typeof other) =>
      app.inject({
        method: 'PUT',
        url: '/auth/account/update',
        headers: { ...bearer(session), ...fromAddress(freshAddress()) },
        payload: { currentPassword: session.password, newIdentifier: email },
      });
    const moved = await change(other);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ pendingIdentifier: email });
    expect(await outbox.latest(email)).toContain('which you open with Google');

    // The account that Google address belongs to may take it as its sign-in identifier.
    const own = `own.${Date.now()}@gmail.test`;
    const owner = await signUp(app, database, outbox, { identifier: `owner.${Date.now()}@example.co.ke` });
    const linking = await upToCallback('google', person(google, { email: own }), {
      payload: { intent: 'link' },
      headers: bearer(owner),
    });
    expect((await callback('google', linking.answer, linking.flowToken, bearer(owner))).statusCode).toBe(200);
    const takeOwn = await app.inject({
      method: 'PUT',
      url: '/auth/account/update',
      headers: { ...bearer(owner), ...fromAddress(freshAddress()) },
      payload: { currentPassword: owner.password, newIdentifier: own },
    });
    expect(takeOwn.statusCode).toBe(200);
    expect(await outbox.code(own)).toMatch(/^\d{6}$/);
  });
});

describe('connecting and disconnecting providers', () => {
  it("refuses to connect a provider account that is someone else's, or a flow started by another user", async () => {
    const taken = person(google);
    await socialSignIn('google', taken);
    const shopper = await signUp(app, database, outbox, { identifier: `linker.${Date.now()}@example.co.ke` });
    const attempt = await upToCallback('google', taken, { payload: { intent: 'link' }, headers: bearer(shopper) });
    const refused = await callback('google', attempt.answer, attempt.flowToken, bearer(shopper));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.message).toMatch(/already connected to another Malewa account/);

    const other = await signUp(app, database, outbox, { identifier: `other.${Date.now()}@example.co.ke` });
    const mine = await upToCallback('google', person(google), {
      payload: { intent: 'link' },
      headers: bearer(shopper),
    });
    expect((await callback('google', mine.answer, mine.flowToken, bearer(other))).statusCode).toBe(400);
  });

  it('disconnects a provider, but never the last way to sign in', async () => {
    const subject = person(google);
    const { session } = await socialSignIn('google', subject);
    const last = await app.inject({
      method: 'DELETE',
      url: '/auth/account/identities/google',
      headers: bearer(session),
    });
    expect(last.statusCode).toBe(422);

    const fb = await upToCallback('facebook', person(facebook), {
      payload: { intent: 'link' },
      headers: bearer(session),
    });
    expect((await callback('facebook', fb.answer, fb.flowToken, bearer(session))).statusCode).toBe(200);
    const unlinked = await app.inject({
      method: 'DELETE',
      url: '/auth/account/identities/google',
      headers: bearer(session),
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<{ data: Identity[] }>().data.map((identity) => identity.provider)).toEqual(['facebook']);
    const again = await app.inject({
      method: 'DELETE',
      url: '/auth/account/identities/google',
      headers: bearer(session),
    });
    expect(again.statusCode).toBe(404);

    // The Google account no longer opens this one.
    const viaGoogle = await socialSignIn('google', subject);
    expect(viaGoogle.session.user.id).not.toBe(session.user.id);
  });
});

describe('limits', () => {
  it('limits sign-ins started from one address (429 with Retry-After)', async () => {
    const ip = freshAddress();
    let last = await start('google', {}, { ...fromAddress(ip) });
    for (let i = 1; i < 61 && last.statusCode === 200; i++) {
      last = await start('google', {}, { ...fromAddress(ip) });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await start('google', {})).statusCode).toBe(200);
  });

  it('limits answers that do not check out from one address, not the good ones', async () => {
    const ip = freshAddress();
    const headers = { ...fromAddress(ip) };
    for (let i = 0; i < 3; i++) {
      const { flowToken, answer } = await upToCallback('google', person(google));
      expect((await callback('google', answer, flowToken, headers)).statusCode).toBe(200);
    }
    // The three good answers were given back: the address still has its 30 that do not check out.
    let refused = 0;
    let last = await callback('google', '?state=forged&code=forged', 'mwf_forged', headers);
    while (last.statusCode === 400 && refused < 40) {
      refused += 1;
      last = await callback('google', '?state=forged&code=forged', 'mwf_forged', headers);
    }
    expect(refused).toBe(30);
    expect(last.statusCode).toBe(429);
  });
});
