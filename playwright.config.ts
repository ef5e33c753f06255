import { defineConfig, devices } from '@playwright/test';
import { E2E_OIDC_PORT, E2E_STOREFRONT_SECRET, OUTBOX_DIR } from './e2e/outbox.ts';

/**
 * End-to-end tests drive Debian's Chromium headless shell (never a downloaded browser) against
 * the product started exactly as `npm start` starts it, on ports of its own
 * (e2e/start-product.ts). Why the shell, and why most tests run at one width: decision 38.
 */
const webPort = Number(process.env.E2E_WEB_PORT || 3100);
const apiPort = Number(process.env.E2E_API_PORT || 4100);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
// The whole browser, for the tests tagged @whole-browser: the headless shell denies
// notifications whatever permission the test grants.
const wholeChromium = process.env.CHROMIUM_BROWSER_PATH || '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const phone = { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } };

/**
 * What the desktop project runs besides what only wide screens have: the specs about layout,
 * whole, and the tests of other specs tagged as depending on the width. Every other test runs
 * once, at a phone's width, the screen our shoppers, riders and most shops use.
 */
const BOTH_WIDTHS = /\b(accessibility|dropdowns|header-footer|theme)\.spec\.ts\b|@both-widths/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two browsers, the API, the storefront and PostgreSQL share two cores here, and signing in
  // checks a password with argon2id, slow on purpose: under a load average of 11 to 16 a
  // sign-in's redirect took more than the 5 s an expectation waits by default, and multi-step
  // flows more than 30 s, while every step still moved.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${webPort}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grep: [BOTH_WIDTHS, /@desktop-only/],
      // Flows that open phone-width browsers of their own, or check a phone's page.
      grepInvert: [/@phone-only/, /@whole-browser/],
    },
    {
      name: 'phone',
      use: phone,
      // Flows with no layout of their own: ones that share one outside party (the test OpenID
      // provider), and checks of what the server sends whatever the screen (page weights); and
      // parts phones do not have (the header's information menu and service links), which a
      // phone run would otherwise pass without checking anything.
      grepInvert: [/@desktop-only/, /@whole-browser/],
    },
    {
      name: 'phone-browser',
      use: { ...phone, launchOptions: { executablePath: wholeChromium, args: chromiumArgs } },
      grep: /@whole-browser/,
    },
  ],
  webServer: {
    command: 'node e2e/start-product.ts',
    url: `http://127.0.0.1:${webPort}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      LOG_LEVEL: 'warn',
      OUTBOX_DIR,
      OUTBOX_POLL_MS: '250',
      // One try, then dead: e2e/operator-outbox.spec.ts sees a failing push message given up on
      // at once, not after an hour of back-off. No other spec's message fails (files, a push
      // service answering 201).
      OUTBOX_MAX_ATTEMPTS: '1',
      // One second, so that the theft test need not wait the default 10 s out.
      REFRESH_REUSE_GRACE_S: '1',
      STOREFRONT_SECRET: E2E_STOREFRONT_SECRET,
      // As behind a load balancer: tests name their shopper's address in X-Forwarded-For, so
      // that per-address limits never leak from one test to another (the default trusts none).
      WEB_TRUST_PROXY: '127.0.0.1,::1',
      E2E_OIDC_PORT: String(E2E_OIDC_PORT),
    },
  },
});
