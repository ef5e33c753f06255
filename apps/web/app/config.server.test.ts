import { describe, expect, it } from 'vitest';
import { loadWebConfig, WebConfigError } from './config.server.ts';

describe('loadWebConfig', () => {
  it('defaults to the local API and port 3000', () => {
    const config = loadWebConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseApiUrl).toBe('http://127.0.0.1:4000/api');
    expect(config.authApiUrl).toBe('http://127.0.0.1:4000/auth');
    expect(config.apiTimeoutMs).toBe(30_000);
  });

  it('drops trailing slashes from URLs', () => {
    expect(loadWebConfig({ BASE_API_URL: 'https://api.example.test/api/' }).baseApiUrl).toBe(
      'https://api.example.test/api',
    );
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadWebConfig({ WEB_PORT: 'eighty', BASE_API_URL: 'not a url', API_TIMEOUT_MS: '5' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WebConfigError);
    const message = (error as Error).message;
    expect(message).toContain('WEB_PORT');
    expect(message).toContain('BASE_API_URL');
    expect(message).toContain('API_TIMEOUT_MS');
  });
});
