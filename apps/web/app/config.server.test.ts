import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWebConfig, publicConfig, WebConfigError } from './config.server.ts';

describe('loadWebConfig', () => {
  it('defaults to the local API and port 3000', () => {
    const config = loadWebConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseApiUrl).toBe('http://127.0.0.1:4000/api');
    expect(config.authApiUrl).toBe('http://127.0.0.1:4000/auth');
    expect(config.apiTimeoutMs).toBe(30_000);
  });

  it('serves metrics on loopback port 9465, another port, any free one (0), or not at all (off)', () => {
    expect(loadWebConfig({}).metrics).toEqual({ host: '127.0.0.1', port: 9465 });
    expect(loadWebConfig({ WEB_METRICS_HOST: '0.0.0.0', WEB_METRICS_PORT: '0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 0,
    });
    expect(loadWebConfig({ WEB_METRICS_PORT: 'off' }).metrics).toBeUndefined();
    expect(() => loadWebConfig({ WEB_METRICS_PORT: 'yes' })).toThrow(
      'WEB_METRICS_PORT: must be a port (0 for any free one) or off',
    );
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

describe('ENABLED_SERVICES', () => {
  it('enables all five services by default, and when empty', () => {
    const all = ['food', 'grocery', 'chef', 'cookbook', 'farm'];
    expect(loadWebConfig({}).enabledServices).toEqual(all);
    expect(loadWebConfig({ ENABLED_SERVICES: '' }).enabledServices).toEqual(all);
  });

  it('reads a comma list in any order, case and spacing, into the spec order without duplicates', () => {
    expect(loadWebConfig({ ENABLED_SERVICES: ' farm, Food ,food' }).enabledServices).toEqual(['food', 'farm']);
    expect(loadWebConfig({ ENABLED_SERVICES: 'cookbook' }).enabledServices).toEqual(['cookbook']);
  });

  it('names the variable and each unknown service', () => {
    expect(() => loadWebConfig({ ENABLED_SERVICES: 'food,pizza,laundry' })).toThrow(WebConfigError);
    expect(() => loadWebConfig({ ENABLED_SERVICES: 'food,pizza,laundry' })).toThrow(
      /ENABLED_SERVICES: unknown service "pizza".*\n.*ENABLED_SERVICES: unknown service "laundry"/,
    );
  });

  it('needs at least one service', () => {
    expect(() => loadWebConfig({ ENABLED_SERVICES: ' , ,' })).toThrow(
      /ENABLED_SERVICES: at least one service must be enabled/,
    );
  });

  it('is, with the footer links and the ZiG rate, the only configuration the page receives', () => {
    const config = loadWebConfig({ ENABLED_SERVICES: 'chef,food', STORE_ID: 'store-1' });
    expect(publicConfig(config)).toEqual({
      enabledServices: ['food', 'chef'],
      publicOrigin: 'http://localhost:3000',
      appStoreUrl: null,
      playStoreUrl: null,
      socialLinks: [],
      zwgRate: { perUsdTenThousandths: 268_000, date: '2026-11-01' },
      mapTiles: null,
    });
  });
});

describe('MAP_TILE_URL', () => {
  it('takes an https template with its attribution, and refuses anything else', () => {
    expect(
      loadWebConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' })
        .mapTiles,
    ).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' });
    expect(() => loadWebConfig({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadWebConfig({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL/);
  });
});

describe('ZWG_PER_USD', () => {
  it('reads the rate in ten-thousandths with its date, and none when off', () => {
    expect(loadWebConfig({ ZWG_PER_USD: '27.1234', ZWG_RATE_DATE: '2026-12-01' }).zwgRate).toEqual({
      perUsdTenThousandths: 271_234,
      date: '2026-12-01',
    });
    expect(loadWebConfig({ ZWG_PER_USD: 'off' }).zwgRate).toBeNull();
  });

  it('refuses a rate or a date that is not one', () => {
    expect(() => loadWebConfig({ ZWG_PER_USD: '-3' })).toThrow(/ZWG_PER_USD/);
    expect(() => loadWebConfig({ ZWG_RATE_DATE: 'yesterday' })).toThrow(/ZWG_RATE_DATE/);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('defaults to localhost on the web port', () => {
    expect(loadWebConfig({}).publicOrigin).toBe('http://localhost:3000');
    expect(loadWebConfig({ WEB_PORT: '3250' }).publicOrigin).toBe('http://localhost:3250');
    expect(loadWebConfig({ PUBLIC_ORIGIN: ' ' }).publicOrigin).toBe('http://localhost:3000');
  });

  it('keeps scheme, host and port only, without a trailing slash or a default port', () => {
    expect(loadWebConfig({ PUBLIC_ORIGIN: 'https://malewa.example/' }).publicOrigin).toBe('https://malewa.example');
    expect(loadWebConfig({ PUBLIC_ORIGIN: 'https://Malewa.Example:443' }).publicOrigin).toBe('https://malewa.example');
    expect(loadWebConfig({ PUBLIC_ORIGIN: 'http://10.0.0.5:8080' }).publicOrigin).toBe('http://10.0.0.5:8080');
  });

  it.each([
    ['not a url', /is not a URL/],
    ['ftp://malewa.example', /must be http or https/],
    ['https://malewa.example/shop', /must have no path/],
    ['https://malewa.example/?utm=x', /must have no query or fragment/],
    ['https://malewa.example#top', /must have no query or fragment/],
    ['https://user:secret@malewa.example', /must have no credentials/],
  ])('refuses %j, naming the variable', (value, problem) => {
    expect(() => loadWebConfig({ PUBLIC_ORIGIN: value })).toThrow(WebConfigError);
    expect(() => loadWebConfig({ PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadWebConfig({ PUBLIC_ORIGIN: value })).toThrow(problem);
  });
});

describe('APP_STORE_URL, PLAY_STORE_URL and SOCIAL_LINKS', () => {
  it('are unset by default, so the footer shows no badge and no social link', () => {
    const config = loadWebConfig({ APP_STORE_URL: '', SOCIAL_LINKS: '' });
    expect(config.appStoreUrl).toBeUndefined();
    expect(config.playStoreUrl).toBeUndefined();
    expect(config.socialLinks).toEqual([]);
  });

  it('reach the page when set', () => {
    const config = loadWebConfig({
      APP_STORE_URL: 'https://apps.apple.com/app/malewa/id123',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=com.malewa',
      SOCIAL_LINKS: ' https://www.facebook.com/malewa , https://x.com/malewa,https://www.facebook.com/malewa',
    });
    expect(publicConfig(config)).toMatchObject({
      appStoreUrl: 'https://apps.apple.com/app/malewa/id123',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=com.malewa',
      // The network of each told on the server, for the footer's icons.
      socialLinks: [
        { url: 'https://www.facebook.com/malewa', network: 'facebook', name: 'Facebook' },
        { url: 'https://x.com/malewa', network: 'x', name: 'X' },
      ],
    });
  });

  it('accept only https URLs, naming each bad one', () => {
    expect(() => loadWebConfig({ APP_STORE_URL: 'http://apps.apple.com/app/malewa' })).toThrow(
      /APP_STORE_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadWebConfig({ PLAY_STORE_URL: 'javascript:alert(1)' })).toThrow(/PLAY_STORE_URL/);
    expect(() => loadWebConfig({ SOCIAL_LINKS: 'https://x.com/malewa,http://facebook.com/m,instagram' })).toThrow(
      /SOCIAL_LINKS: "http:\/\/facebook.com\/m" is not an https:\/\/ URL.*\n.*SOCIAL_LINKS: "instagram" is not/,
    );
  });
});

describe('MEDIA_DIR', () => {
  it('keeps pictures in $DATA_DIR/media unless a folder is named, always as an absolute path', () => {
    expect(loadWebConfig({}).mediaDir).toBe(resolve('.data/media'));
    expect(loadWebConfig({ DATA_DIR: '/srv/malewa' }).mediaDir).toBe('/srv/malewa/media');
    expect(loadWebConfig({ DATA_DIR: '/srv/malewa', MEDIA_DIR: 'pictures' }).mediaDir).toBe(resolve('pictures'));
  });
});
