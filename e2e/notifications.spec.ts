import type { APIRequestContext, Page } from '@playwright/test';
import { fakeBrowserKeys } from '../apps/api/src/testing/push-service.ts';
import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { API_ORIGIN, createConfirmedAccount, shopperHeaders, waitForMessage } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { choosePlace } from './place.ts';
import { startE2ePushService } from './push-service.ts';
import { E2E_SHOPKEEPER } from './shops.ts';

/**
 * Order notifications (issue 33) at phone width: the preferences page in English, French and
 * Arabic, saved without JavaScript; a step of an order (the shopper cancels it) in the bell, in
 * the outbox's email, encrypted to a push service for a subscription registered through the API;
 * and in Chromium, that push message shown as a notification by the offline worker.
 */

const PAGES = [
  { prefix: '', title: 'Notifications', email: 'By email', dir: 'ltr' },
  { prefix: '/fr', title: 'Notifications', email: 'Par e-mail', dir: 'ltr' },
  { prefix: '/ar', title: 'الإشعارات', email: 'بالبريد الإلكتروني', dir: 'rtl' },
] as const;

/** What the page's and the worker's scripts use here (the e2e code is typed without the DOM). */
interface WorkerRegistration {
  getNotifications(): Promise<{ title: string; body: string }[]>;
}
interface PageGlobals {
  navigator: { serviceWorker: { register(url: string): Promise<unknown>; ready: Promise<WorkerRegistration> } };
}

async function bearerOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post(`${API_ORIGIN}/auth/account/authenticate`, {
    headers: shopperHeaders(),
    data: { identifier: account.email, secret: account.password },
  });
  if (!response.ok()) throw new Error(`authenticate answered ${response.status()}: ${await response.text()}`);
  return { Authorization: `Bearer ${((await response.json()).data as { accessToken: string }).accessToken}` };
}

for (const { prefix, title, email, dir } of PAGES) {
  test(`the notifications page in ${prefix || '/en'}: the account's channels, saved without JavaScript @phone-only`, async ({
    page,
    browser,
    request,
  }) => {
    const account = await createConfirmedAccount(request, { name: 'Zawadi', locale: prefix.slice(1) || 'en' });
    const path = `${prefix}/account/notifications`;
    await signInTo(page, path, account);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.account-panel nav a[aria-current="page"]')).toHaveText(title);
    // Until the shopper chooses: email, since the account has an address; push on.
    await expect(page.getByLabel(email)).toBeChecked();
    await expect(page.locator('#channel-email-hint')).toContainText(account.email);
    await expect(page.locator('#channel-sms')).not.toBeChecked();
    await expect(page.locator('#channel-push')).toBeChecked();

    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const noScript = await plain.newPage();
    await signInTo(noScript, path, account);
    await expect(noScript.locator('.this-phone')).toHaveCount(0);
    await noScript.getByLabel(email).uncheck();
    await noScript.locator('#channel-sms').check();
    await noScript.locator('.notification-channels button[type="submit"]').click();
    await expect(noScript).toHaveURL(new RegExp(`${path}$`));
    await noScript.goto(path);
    await expect(noScript.getByLabel(email)).not.toBeChecked();
    await expect(noScript.locator('#channel-sms')).toBeChecked();
    await plain.close();
    const saved = await request.get(`${API_ORIGIN}/api/account/notification-preferences`, {
      headers: await bearerOf(request, account),
    });
    expect((await saved.json()).data).toMatchObject({ email: false, sms: true, push: true });
  });
}

/** The shopkeeper's meal and how many reach its kitchen's minimum (as in chat.spec.ts). */
async function kitchenMeal(request: APIRequestContext): Promise<{ slug: string; quantity: number }> {
  const locations = (await (await request.get(`${API_ORIGIN}/api/locations?perPage=100`)).json()).data as {
    id: string;
    name: string;
  }[];
  const johannesburg = locations.find((place) => place.name === 'Johannesburg');
  if (!johannesburg) throw new Error('no Johannesburg in the seed');
  const headers = { 'X-STORE-ID': 'ZA', 'X-STORE-LOCATION': johannesburg.id };
  const kitchen = (
    await (await request.get(`${API_ORIGIN}/api/food/kitchens/${E2E_SHOPKEEPER.shop}`, { headers })).json()
  ).data as { minimumOrder: { amount: number } };
  const list = await request.get(`${API_ORIGIN}/api/food/meals?perPage=100`, { headers });
  for (const card of (await list.json()).data as {
    slug: string;
    price: { amount: number };
    available: boolean;
    stock: number | null;
    provider: { slug: string };
    delivery: unknown;
  }[]) {
    if (card.provider.slug !== E2E_SHOPKEEPER.shop || !card.available || card.stock !== null) continue;
    if (card.delivery === null) continue;
    const detail = (await (await request.get(`${API_ORIGIN}/api/food/meals/${card.slug}`, { headers })).json())
      .data as { options: unknown[] };
    if (detail.options.length > 0) continue;
    return { slug: card.slug, quantity: Math.max(1, Math.ceil(kitchen.minimumOrder.amount / card.price.amount)) };
  }
  throw new Error(`${E2E_SHOPKEEPER.shop} sells no meal without choices to Johannesburg`);
}

/** A cash order of the shopkeeper's kitchen, placed through the pages; its id. */
async function placeOrder(page: Page, request: APIRequestContext, account: { email: string; password: string }) {
  const meal = await kitchenMeal(request);
  await page.goto('/food');
  await choosePlace(page, 'Johannesburg');
  await signInTo(page, '/food', account);
  await page.goto(`/food/meals/${meal.slug}`);
  await hydrated(page);
  await page.locator('.add-to-cart input[name="quantity"]').fill(String(meal.quantity));
  const added = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.includes('/cart/food'),
  );
  await page.locator('.add-to-cart button[type="submit"]').click();
  await added;
  await page.goto('/cart/food/checkout');
  await hydrated(page);
  await page.locator('input[name="phone"]').fill('082 555 0101');
  await page.locator('input[name="line"]').fill('12 Jan Smuts Avenue');
  await page.locator('input[name="area"]').fill('Braamfontein');
  await page.locator('.checkout-form button.checkout-place').click();
  await expect(page).toHaveURL(/\/account\/orders\/placed\/[0-9a-f-]{36}$/);
  await page.locator('.order-card a').first().click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

test('a step of an order reaches the bell, the email outbox, a push service and the phone @whole-browser', async ({
  page,
  context,
  request,
}) => {
  const service = await startE2ePushService();
  try {
    const account = await createConfirmedAccount(request, { name: 'Thandi', surname: 'Mokoena' });
    const headers = await bearerOf(request, account);
    // A phone's subscription, as the page's button registers it: a push service of our own,
    // with a browser's keys that this test holds, so it can read what is sent.
    const browserKeys = fakeBrowserKeys();
    const subscribed = await request.post(`${API_ORIGIN}/api/account/push-subscriptions`, {
      headers,
      data: { endpoint: `${service.origin}/push/thandi`, keys: { p256dh: browserKeys.p256dh, auth: browserKeys.auth } },
    });
    expect(subscribed.status()).toBe(201);

    const orderId = await placeOrder(page, request, account);
    const ref = orderId.slice(0, 8).toUpperCase();
    await hydrated(page);
    const cancel = page.locator('button[name="intent"][value="cancel"]');
    await cancel.click();
    // Gone once the cancellation is done and the page shows it: reloading sooner could send the
    // header's read of the notifications before the cancellation (and its notice) committed.
    await expect(cancel).toHaveCount(0);

    // The bell.
    await page.reload();
    // The bell's menu is the page script's once hydrated: a press before that can be undone.
    await hydrated(page);
    const bell = page.locator('.notification-menu');
    await bell.locator('summary').click();
    const notice = bell.locator('.notification', { hasText: 'Order cancelled' }).first();
    await expect(notice).toContainText(`Your order ${ref} from`);
    await expect(notice.getByRole('link', { name: 'Order cancelled' })).toHaveAttribute(
      'href',
      `/account/orders/${orderId}`,
    );

    // The email, through the outbox.
    const message = await waitForMessage(
      account.email,
      (candidate) => candidate.subject === `Order cancelled · ${ref}`,
    );
    expect(message.body).toContain(`Your order ${ref} from`);
    expect(message.body).toContain(`/account/orders/${orderId}`);

    // The push service got it, encrypted for the subscription and signed with VAPID.
    await expect.poll(() => service.received.filter((got) => got.path === '/push/thandi').length).toBeGreaterThan(0);
    const sent = service.received.find((got) => got.path === '/push/thandi');
    expect(sent?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(sent?.headers.authorization)).toMatch(/^vapid t=[\w.-]+, k=[\w-]+$/);
    const payload = browserKeys.decrypt(sent?.body ?? Buffer.alloc(0));
    expect(JSON.parse(payload)).toMatchObject({ title: 'Order cancelled', url: `/account/orders/${orderId}` });

    // In Chromium the offline worker shows it. Headless Chromium cannot subscribe to a real push
    // service, so the browser is told to deliver the payload just sent, as DevTools' Push button
    // does: a trusted push event for the registration's active worker. (A push event dispatched
    // by hand in `context.serviceWorkers()[0]` could land in a worker that was not the active
    // one, and show nothing.) The whole browser only: the headless shell shows no notification.
    await context.grantPermissions(['notifications']);
    await page.goto('/account/notifications');
    await hydrated(page);
    const origin = new URL(page.url()).origin;
    const devtools = await context.newCDPSession(page);
    let registrationId: string | undefined;
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const registration of registrations) {
        if (registration.scopeURL !== `${origin}/`) continue;
        registrationId = registration.isDeleted ? undefined : registration.registrationId;
      }
    });
    await devtools.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      const { serviceWorker } = (globalThis as unknown as PageGlobals).navigator;
      await serviceWorker.register('/sw.js');
      await serviceWorker.ready;
    });
    await expect.poll(() => registrationId).toBeTruthy();
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrationId ?? '',
      data: payload,
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((shown) => ({ title: shown.title, body: shown.body }));
        }),
      )
      .toEqual([{ title: 'Order cancelled', body: expect.stringContaining(`Your order ${ref} from`) }]);
    // With JavaScript and Push, the page offers this phone's button.
    await expect(page.getByRole('button', { name: 'Turn on notifications on this phone' })).toBeVisible();
  } finally {
    await service.close();
  }
});
