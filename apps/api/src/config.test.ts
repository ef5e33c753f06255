import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadTracingConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment: port 4000 and PGlite on disk', () => {
    const config = loadConfig({});

    expect(config).toEqual({
      host: '0.0.0.0',
      port: 4000,
      database: { kind: 'pglite', dataDir: resolve('.data', 'pglite') },
      seedOnStart: true,
      logLevel: 'info',
      logFormat: 'json',
      metrics: { host: '127.0.0.1', port: 9464 },
      tracing: undefined,
      bodyLimitBytes: 100 * 1024,
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 25_000,
      trustProxy: [],
      storefrontSecret: undefined,
      auth: {
        accessTokenTtlMs: 900_000,
        refreshTokenTtlMs: 21_600_000,
        refreshReuseGraceMs: 10_000,
        answerFloorMs: 300,
        sessionMaxAgeMs: 30 * 86_400_000,
        defaultMarket: 'ZA',
      },
      redis: undefined,
      payments: { webhookSecret: undefined },
      messages: {
        publicOrigin: 'http://localhost:3000',
        outboxDir: resolve('.data', 'outbox'),
        pollMs: 2000,
        maxAttempts: 8,
        smtp: undefined,
        sms: undefined,
        push: { subject: 'mailto:no-reply@malewa.localhost', keys: undefined },
      },
      dispatch: { offerMs: 45_000, untakenMs: 600_000, pollMs: 5000 },
      timeouts: { acceptMs: 900_000, chefAcceptMs: 43_200_000, paymentPendingMs: 1_800_000, pollMs: 30_000 },
      // No social provider until one is given its client id and secret.
      oidc: { providers: [] },
      documentsDir: resolve('.data', 'documents'),
      mediaDir: resolve('.data', 'media'),
    });
  });

  it("enables a social provider given its client id and secret, with the provider's own addresses", () => {
    const config = loadConfig({
      OIDC_GOOGLE_CLIENT_ID: 'google-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
      OIDC_FACEBOOK_CLIENT_ID: 'facebook-id',
      OIDC_FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    });
    expect(config.oidc.providers).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
        tokenEndpoint: undefined,
        clientId: 'google-id',
        clientSecret: 'google-secret',
        scopes: ['openid', 'email', 'profile'],
      },
      {
        id: 'facebook',
        name: 'Facebook',
        issuer: 'https://www.facebook.com',
        discoveryUrl: 'https://www.facebook.com/.well-known/openid-configuration/',
        tokenEndpoint: 'https://graph.facebook.com/oauth/access_token',
        clientId: 'facebook-id',
        clientSecret: 'facebook-secret',
        scopes: ['openid', 'email', 'public_profile'],
      },
    ]);
  });

  it('points a provider at another issuer (a test provider), discovered at its standard address', () => {
    const config = loadConfig({
      OIDC_FACEBOOK_CLIENT_ID: 'id',
      OIDC_FACEBOOK_CLIENT_SECRET: 'secret',
      OIDC_FACEBOOK_ISSUER: 'http://127.0.0.1:5280',
    });
    expect(config.oidc.providers).toEqual([
      expect.objectContaining({
        id: 'facebook',
        issuer: 'http://127.0.0.1:5280',
        discoveryUrl: 'http://127.0.0.1:5280/.well-known/openid-configuration',
        tokenEndpoint: undefined,
      }),
    ]);
  });

  it('refuses half a provider and a provider reached without TLS off this machine', () => {
    const problems = (() => {
      try {
        loadConfig({
          OIDC_GOOGLE_CLIENT_ID: 'id-without-secret',
          OIDC_FACEBOOK_CLIENT_ID: 'id',
          OIDC_FACEBOOK_CLIENT_SECRET: 'secret',
          OIDC_FACEBOOK_ISSUER: 'http://idp.example.com',
        });
      } catch (thrown) {
        return (thrown as ConfigError).problems.join('\n');
      }
      return '';
    })();
    expect(problems).toContain('OIDC_GOOGLE_CLIENT_SECRET');
    expect(problems).toContain('OIDC_FACEBOOK_ISSUER');
  });

  it('reads the account settings: Redis, SMTP, the SMS gateway, token lifetimes and the site address', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_KEY_PREFIX: 'shop1:',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      MAIL_FROM: 'Malewa <hello@example.com>',
      SMS_GATEWAY_URL: 'https://sms.example.com/v1/messages',
      SMS_GATEWAY_TOKEN: 't0ken',
      ACCESS_TOKEN_TTL_S: '600',
      PUBLIC_ORIGIN: 'https://malewa.example/',
      OUTBOX_DIR: '/tmp/malewa-outbox',
      OUTBOX_MAX_ATTEMPTS: '3',
      DEFAULT_MARKET: 'KE',
      PAYMENT_WEBHOOK_SECRET: 'a-payment-webhook-secret-of-32-chars-or-more',
    });

    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379/2', keyPrefix: 'shop1:' });
    expect(config.payments).toEqual({ webhookSecret: 'a-payment-webhook-secret-of-32-chars-or-more' });
    expect(config.messages).toMatchObject({
      publicOrigin: 'https://malewa.example',
      outboxDir: '/tmp/malewa-outbox',
      maxAttempts: 3,
      smtp: { url: 'smtps://mailer:pw@smtp.example.com:465', from: 'Malewa <hello@example.com>' },
      sms: { url: 'https://sms.example.com/v1/messages', token: 't0ken', sender: 'Malewa' },
    });
    expect(config.auth).toMatchObject({ accessTokenTtlMs: 600_000, defaultMarket: 'KE' });
  });

  it('names every bad account setting at once', () => {
    const error = (() => {
      try {
        loadConfig({
          REDIS_URL: 'http://x',
          SMTP_URL: 'mail',
          ACCESS_TOKEN_TTL_S: '5',
          DEFAULT_MARKET: 'US',
          PAYMENT_WEBHOOK_SECRET: 'short',
          // No try at all would give every message up unsent.
          OUTBOX_MAX_ATTEMPTS: '0',
        });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'REDIS_URL',
      'SMTP_URL',
      'ACCESS_TOKEN_TTL_S',
      'DEFAULT_MARKET',
      'PAYMENT_WEBHOOK_SECRET',
      'OUTBOX_MAX_ATTEMPTS',
    ])
      expect(problems).toContain(name);
  });

  it('reads the Web Push keys and signer, refusing half a pair, a key that is none and a bad subject', () => {
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 9).toString('base64url');
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'https://malewa.example',
      }).messages.push,
    ).toEqual({ subject: 'https://malewa.example', keys: { publicKey, privateKey } });
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (thrown) {
        return (thrown as ConfigError).problems.join('\n');
      }
      return '';
    };
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey })).toContain('VAPID_PRIVATE_KEY');
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'not a key', VAPID_PRIVATE_KEY: privateKey })).toContain('VAPID_PUBLIC_KEY');
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: publicKey })).toContain('VAPID_PRIVATE_KEY');
    expect(problemsOf({ VAPID_SUBJECT: 'ops@malewa.example' })).toContain('VAPID_SUBJECT');
  });

  it('uses PostgreSQL when DATABASE_URL is set, with the pool settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://malewa@db.internal:5432/malewa',
      DB_POOL_MAX: '25',
      DB_STATEMENT_TIMEOUT_MS: '2000',
    });

    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgresql://malewa@db.internal:5432/malewa',
      poolMax: 25,
      poolWaitMs: 5000,
      statementTimeoutMs: 2000,
      replica: undefined,
    });
  });

  it('reads catalog from a replica beside the primary, never beside the embedded database', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://malewa@db.internal:5432/malewa',
      DATABASE_READ_URL: 'postgresql://malewa@replica.internal:5432/malewa',
      DB_REPLICA_MAX_LAG_MS: '2000',
      DB_POOL_WAIT_MS: '800',
    });
    expect(config.database).toMatchObject({
      poolWaitMs: 800,
      replica: { url: 'postgresql://malewa@replica.internal:5432/malewa', maxLagMs: 2000, checkMs: 1000 },
    });
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgresql://malewa@replica.internal:5432/malewa' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });

  it('reads numbers and booleans from their string form', () => {
    const config = loadConfig({
      API_PORT: '8080',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/malewa',
    });

    expect(config).toMatchObject({
      port: 8080,
      seedOnStart: false,
      logLevel: 'warn',
      database: { kind: 'pglite', dataDir: '/var/lib/malewa/pglite' },
    });
  });

  it('reads TRUST_PROXY as a list of addresses, CIDR ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY entry that is not an address or a range, naming it', () => {
    for (const bad of ['true', '10.0.0.0/33', 'proxy.internal', '::1/129', '10.0.0.1/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${bad}` }), bad).toThrow(`"${bad}"`);
    }
  });

  it('serves metrics on the port asked for, any free one (0), or not at all (off)', () => {
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9100,
    });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
    for (const bad of ['none', '65536', '-1']) {
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(
        'METRICS_PORT: must be a port (0 for any free one) or off',
      );
    }
  });

  it('traces only with an OTLP endpoint, read alone before anything else loads', () => {
    expect(loadTracingConfig({})).toBeUndefined();
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SERVICE_NAME: 'api-eu-1' };
    expect(loadTracingConfig(env)).toEqual({ endpoint: 'http://127.0.0.1:4318', serviceName: 'api-eu-1' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'malewa-api',
    });
    expect(() => loadTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
  });

  it("reads the time-outs, keeping a chef's answer well before a booking's day of lead", () => {
    const env = {
      ORDER_ACCEPT_MINUTES: '10',
      CHEF_ACCEPT_MINUTES: '240',
      PAYMENT_PENDING_MINUTES: '20',
      ORDER_TIMEOUT_POLL_MS: '5000',
    };
    expect(loadConfig(env).timeouts).toEqual({
      acceptMs: 600_000,
      chefAcceptMs: 14_400_000,
      paymentPendingMs: 1_200_000,
      pollMs: 5000,
    });
    expect(() => loadConfig({ CHEF_ACCEPT_MINUTES: String(24 * 60) })).toThrow('CHEF_ACCEPT_MINUTES');
    expect(() => loadConfig({ ORDER_ACCEPT_MINUTES: '0' })).toThrow('ORDER_ACCEPT_MINUTES');
    expect(() => loadConfig({ PAYMENT_PENDING_MINUTES: '1' })).toThrow('PAYMENT_PENDING_MINUTES');
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', API_PORT: '' })).toMatchObject({ port: 4000, database: { kind: 'pglite' } });
  });

  it('names every bad variable at once', () => {
    const env = {
      API_PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/malewa',
      LOG_LEVEL: 'loud',
      SEED_ON_START: 'perhaps',
      BODY_LIMIT_BYTES: '10',
    };

    let error: unknown;
    try {
      loadConfig(env);
    } catch (thrown) {
      error = thrown;
    }

    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(Object.keys(env).length);
    for (const name of Object.keys(env)) {
      expect(problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
      expect((error as ConfigError).message).toContain(name);
    }
  });
});
