import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** What the provider says about a person (beside `sub`). */
export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestOidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by subject. */
  people: Map<string, TestPerson>;
  /** Who signs in at the next login prompt (the scripted user interaction). */
  nextSubject: string | undefined;
  /**
   * Rewrites the ID token the token endpoint answers (tests of tampering). `sign` signs a
   * payload with the provider's real key, for tokens that are well signed but wrong.
   */
  idTokenHook: ((idToken: string, sign: (payload: Record<string, unknown>) => string) => string) | undefined;
  /** How many authorization codes the token endpoint has exchanged. */
  exchanges: number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider, a certified implementation) on 127.0.0.1 at
 * a free port, with one confidential client and a scripted login and consent in place of a
 * person at a browser. `facebookLike` mimics Facebook: no token endpoint in the discovery
 * document (the relying party must be configured with it), no `email_verified`, the
 * `public_profile` scope.
 */
export async function startTestOidcServer(options: {
  redirectUris: string[];
  facebookLike?: boolean;
  /** A fixed port (the e2e suite's tests must know the issuer); default a free one. */
  port?: number;
  /**
   * For a provider in another process than its tests (the e2e suite): `POST /test/person`
   * with `{ sub, ...claims }` adds that person and makes them the next to sign in.
   */
  scriptable?: boolean;
}): Promise<TestOidcServer> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = 'malewa-test-client';
  const clientSecret = 'a-long-enough-test-client-secret-0123456789';

  let provider: Provider | undefined;
  const httpServer = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (options.scriptable && req.method === 'POST' && req.url === '/test/person') {
      script(req, res).catch((error: unknown) => {
        res.statusCode = 400;
        res.end(String(error));
      });
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: TestOidcServer = {
    issuer,
    clientId,
    clientSecret,
    people: new Map(),
    nextSubject: undefined,
    idTokenHook: undefined,
    exchanges: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  async function script(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { sub, ...person } = JSON.parse(body) as { sub: string } & TestPerson;
    if (typeof sub !== 'string' || sub === '') throw new Error('send a sub');
    server.people.set(sub, person);
    server.nextSubject = sub;
    res.statusCode = 204;
    res.end();
  }

  async function interact(op: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await op.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId = server.nextSubject;
      if (!accountId) throw new Error('no scripted person: set nextSubject');
      await op.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent without a login');
    const grant = details.grantId
      ? await op.Grant.find(details.grantId)
      : new op.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('the grant is gone');
    const missing = details.prompt.details.missingOIDCScope;
    if (Array.isArray(missing)) grant.addOIDCScope(missing.join(' '));
    const grantId = await grant.save();
    await op.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const profile = ['name', 'given_name', 'family_name'];
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    scopes: ['openid', 'email', 'profile', 'public_profile'],
    claims: {
      openid: ['sub'],
      email: options.facebookLike ? ['email'] : ['email', 'email_verified'],
      profile,
      public_profile: profile,
    },
    // Claims in the ID token itself, as Google and Facebook put them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = server.people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  };
  const op = new Provider(issuer, configuration);
  const signingKey: KeyObject = createPrivateKey({ key: jwk, format: 'jwk' });
  const signWithProviderKey = (payload: Record<string, unknown>) => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })}.${encode(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), signingKey).toString('base64url')}`;
  };
  op.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    if (ctx.path === '/.well-known/openid-configuration' && options.facebookLike) delete body.token_endpoint;
    if (ctx.path === '/token' && typeof body.id_token === 'string') {
      server.exchanges++;
      if (server.idTokenHook) body.id_token = server.idTokenHook(body.id_token, signWithProviderKey);
    }
  });
  provider = op;
  return server;
}

/** The claims of a compact JWT, unchecked (for tests that rewrite tokens). */
export function jwtPayload(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * A browser as far as the provider sees it: follows redirects, keeps the provider's cookies,
 * and stops at the storefront's callback (which is where the provider sends it back).
 */
export function createTestBrowser() {
  const cookies = new Map<string, string>();
  return {
    async followUntil(start: string, callbackPrefix: string): Promise<URL> {
      let current = start;
      for (let hop = 0; hop < 12; hop++) {
        if (current.startsWith(callbackPrefix)) return new URL(current);
        const response = await fetch(current, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`${current} answered ${response.status}: ${await response.text()}`);
        current = new URL(location, current).href;
      }
      throw new Error('too many redirects');
    },
  };
}
