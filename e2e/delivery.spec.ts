import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { fakeBrowserKeys } from '../apps/api/src/testing/push-service.ts';
import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { bearerOf, orderAsShopper, phoneContext } from './kitchen-order.ts';
import { API_ORIGIN, createConfirmedAccount, waitForMessage } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { startE2ePushService } from './push-service.ts';
import { E2E_SHOPKEEPER } from './shops.ts';
import { onSlowLink } from './slow-link.ts';

/**
 * One order's whole delivery (issue 33) at phone width, in three browsers: the shopper's, the
 * rider's and the kitchen's board. Checkout; the kitchen accepts; the rider on shift nearest
 * the kitchen is offered the job and takes it; the shopper sees the rider's name; picked up;
 * the rider's positions move the marker on the shopper's map without a reload; a wrong code
 * is refused, the right one delivers; the shopper's bell, outbox and push service (a phone's
 * subscription, decrypted here) tell each step. In English
 * and Arabic with JavaScript; in French the rider's page without JavaScript (everything but
 * sharing the position, which it says needs JavaScript).
 */

const LANGS = [
  { lang: 'en', prefix: '', riderJs: true },
  { lang: 'fr', prefix: '/fr', riderJs: false },
  { lang: 'ar', prefix: '/ar', riderJs: true },
] as const;

type Point = { latitude: number; longitude: number };
const north = (place: Point, km: number): Point => ({
  latitude: Math.round((place.latitude + km / 111.2) * 1e6) / 1e6,
  longitude: place.longitude,
});

interface ApiOrder {
  id: string;
  status: string;
  total: { amount: number; currency: string };
  creditUsed: { amount: number };
  address: Point;
  deliveryCode: string | null;
}

async function orderOf(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<ApiOrder> {
  const response = await request.get(`${API_ORIGIN}/api/orders/${id}`, { headers });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as ApiOrder;
}

/** A new rider of the shopkeeper's kitchen, added by the kitchen through its console's API. */
async function kitchenRider(request: APIRequestContext, lang: string) {
  const account = await createConfirmedAccount(request, { name: 'Sipho', surname: 'Ndlovu', locale: lang });
  const kitchen = await bearerOf(request, { email: E2E_SHOPKEEPER.identifier, password: E2E_SHOPKEEPER.password });
  const shops = (await (await request.get(`${API_ORIGIN}/api/provider/shops`, { headers: kitchen })).json()).data as {
    id: string;
    slug: string;
  }[];
  const shop = shops.find((candidate) => candidate.slug === E2E_SHOPKEEPER.shop);
  if (!shop) throw new Error('the shopkeeper runs no kitchen');
  const added = await request.post(`${API_ORIGIN}/api/provider/shops/${shop.id}/riders`, {
    headers: kitchen,
    data: { identifier: account.email, vehicle: 'motorbike' },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { account };
}

async function boardCard(board: Page, orderId: string) {
  return board.locator('.board-card', { has: board.locator(`#board-order-${orderId}`) });
}

// One kitchen, one rider at a time: a second rider on shift would be offered the other's order.
test.describe.configure({ mode: 'serial' });

for (const { lang, prefix, riderJs } of LANGS) {
  test(`${lang}: an order's whole delivery, from checkout to the code at the door @phone-only`, async ({
    page,
    browser,
    request,
    browserProblems,
  }) => {
    test.setTimeout(300_000);
    const contexts: BrowserContext[] = [];
    const pushService = await startE2ePushService();
    // What a failed run must not leave behind for the next: its rider on shift, its order
    // looking for a rider.
    const leftovers: (() => Promise<unknown>)[] = [];
    try {
      // 1. Checkout, as a shopper of Johannesburg.
      const { account: shopperAccount, orderId } = await orderAsShopper(page, request, prefix, lang);
      const shopper = await bearerOf(request, shopperAccount);
      // The shopper's phone subscribed to push, as the notifications page's button does.
      const browserKeys = fakeBrowserKeys();
      const pushPath = `/push/delivery-${lang}`;
      const subscribed = await request.post(`${API_ORIGIN}/api/account/push-subscriptions`, {
        headers: shopper,
        data: {
          endpoint: `${pushService.origin}${pushPath}`,
          keys: { p256dh: browserKeys.p256dh, auth: browserKeys.auth },
        },
      });
      expect(subscribed.status()).toBe(201);
      leftovers.push(() => request.post(`${API_ORIGIN}/api/orders/${orderId}/cancel`, { headers: shopper }));
      const placed = await orderOf(request, shopper, orderId);
      expect(placed.deliveryCode).toMatch(/^\d{4}$/);
      await expect(page.getByTestId('delivery-code')).toHaveText(placed.deliveryCode ?? '');
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // The rider, on shift 1 km from the door (the kitchen's city centre), on their phone.
      const { account: riderAccount } = await kitchenRider(request, lang);
      const riderContext = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: riderJs,
        geolocation: north(placed.address, 1),
        permissions: ['geolocation'],
      });
      contexts.push(riderContext);
      const riderPage = await riderContext.newPage();
      // In Arabic the phone reads its link as slow: the rider's page starts its scripts anyway,
      // which sharing the position needs (decision 40).
      const ownLink = lang === 'ar' ? await onSlowLink(riderPage) : undefined;
      await signInTo(riderPage, `${prefix}/rider`, riderAccount);
      if (riderJs) await hydrated(riderPage);
      await ownLink?.();
      await riderPage.locator('form:has(input[name="intent"][value="shift"]) button[type="submit"]').click();
      await expect(riderPage.locator('.rider-shift .shift-dot.on')).toBeVisible();
      const rider = await bearerOf(request, riderAccount);
      leftovers.push(() => request.put(`${API_ORIGIN}/api/rider/shift`, { headers: rider, data: { onShift: false } }));
      if (riderJs) {
        // Sharing: the phone's position reaches the API (nearest first needs it).
        await expect(riderPage.locator('[data-sharing="sharing"]')).toBeVisible({ timeout: 20_000 });
      } else {
        // Without JavaScript the page says sharing needs it; the position is sent here instead.
        // (Playwright turns scripts off but not the parser's scripting flag: read the markup.)
        expect(await riderPage.locator('.rider-position noscript').innerHTML()).toContain('JavaScript');
        await expect(riderPage.locator('[data-sharing]')).toHaveCount(0);
        const shared = await request.post(`${API_ORIGIN}/api/rider/location`, {
          headers: rider,
          data: { ...north(placed.address, 1), accuracy: 15, at: new Date().toISOString() },
        });
        expect(shared.status()).toBe(202);
      }

      // 2. The kitchen accepts on its board.
      const shopContext = await phoneContext(browser);
      contexts.push(shopContext);
      const board = await shopContext.newPage();
      await signInTo(board, `${prefix}/provider/orders`, {
        email: E2E_SHOPKEEPER.identifier,
        password: E2E_SHOPKEEPER.password,
      });
      // Hydrated first: the live board reloads itself on the rider's moves, and a tap must
      // land on the page that will answer it.
      await hydrated(board);
      const card = await boardCard(board, orderId);
      await card.locator('button[name="intent"][value="accept"]').click();
      await expect(card.locator('button[name="intent"][value="advance"]')).toBeVisible();

      // 3. The nearest rider on shift is offered it and takes it.
      const ref = orderId.slice(0, 8).toUpperCase();
      const offer = riderPage.locator('.rider-offers > li', { hasText: ref });
      await expect(async () => {
        await riderPage.reload();
        await expect(offer).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 40_000 });
      // A tap on the reloaded page before it hydrates can be lost (a CI run of 2 December).
      if (riderJs) await hydrated(riderPage);
      await offer.locator('form:has(input[name="intent"][value="accept"]) button[type="submit"]').click();
      await expect(riderPage.locator('.rider-current')).toContainText(ref);

      // 4. The shopper sees who is coming, without reloading (with JavaScript).
      await expect(page.getByTestId('rider-name')).toContainText('Sipho', { timeout: 20_000 });

      // 5. The kitchen makes it ready; the rider picks it up.
      for (const next of ['preparing', 'ready']) {
        const advance = card.locator('button[name="intent"][value="advance"]');
        const label = await advance.textContent();
        // The board's own answer to the tap, so a refusal (a 503 under load) fails here by name.
        const answered = board.waitForResponse((response) => response.request().method() === 'POST');
        await advance.click();
        expect((await answered).status(), `the board's answer to "${label}"`).toBeLessThan(400);
        // The board shows the move (the next step's button, or none once the rider has it).
        await expect(advance.filter({ hasText: label ?? '' })).toHaveCount(0, { timeout: 10_000 });
        await expect(async () => {
          expect((await orderOf(request, shopper, orderId)).status).toBe(next);
        }).toPass({ timeout: 10_000 });
      }
      await riderPage.reload();
      if (riderJs) await hydrated(riderPage);
      await riderPage.locator('form:has(input[name="intent"][value="picked-up"]) button[type="submit"]').click();
      await expect(riderPage.locator('.rider-handover')).toBeVisible();
      await expect(async () => {
        expect((await orderOf(request, shopper, orderId)).status).toBe('out_for_delivery');
      }).toPass({ timeout: 10_000 });

      // 6. The rider's positions move the marker on the shopper's map, without a reload.
      await page.evaluate(() => {
        (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const nearer = north(placed.address, 0.4);
      if (riderJs) {
        await riderContext.setGeolocation(nearer);
      } else {
        const shared = await request.post(`${API_ORIGIN}/api/rider/location`, {
          headers: rider,
          data: { ...nearer, accuracy: 12, at: new Date().toISOString() },
        });
        expect(shared.status()).toBe(202);
      }
      const marker = page.getByTestId('rider-marker');
      await expect(marker).toHaveAttribute('data-latitude', String(nearer.latitude), { timeout: 40_000 });
      await expect(page.getByTestId('rider-eta')).toBeVisible();
      if (riderJs && lang === 'en') {
        // Offline: the phone keeps what it cannot send, and the map jumps to the newest when
        // the network is back.
        browserProblems.allowFailedLoad('/rider/location', 'net::ERR_INTERNET_DISCONNECTED');
        await riderContext.setOffline(true);
        const first = north(placed.address, 0.3);
        const newest = north(placed.address, 0.2);
        await riderContext.setGeolocation(first);
        const waiting = riderPage.locator('.rider-position');
        // On the move the page sends at most every 15 s, checked on a 15 s tick: a position taken
        // just after a send goes (here: waits) up to 30 s later.
        await expect(waiting).toContainText('1 position waits for the network', { timeout: 45_000 });
        await riderPage.waitForTimeout(16_000);
        await riderContext.setGeolocation(newest);
        await expect(waiting).toContainText('2 positions wait for the network', { timeout: 30_000 });
        await expect(marker).toHaveAttribute('data-latitude', String(nearer.latitude));
        await riderContext.setOffline(false);
        await expect(marker).toHaveAttribute('data-latitude', String(newest.latitude), { timeout: 40_000 });
        await expect(waiting).not.toContainText('wait for the network', { timeout: 20_000 });
      }
      expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // 7. A wrong code is refused; the right one delivers.
      const code = placed.deliveryCode ?? '';
      const wrong = code === '0000' ? '1111' : '0000';
      const due = placed.total.amount - placed.creditUsed.amount;
      const handOver = async (digits: string) => {
        const form = riderPage.locator('.rider-handover');
        await form.locator('input[name="code"]').fill(digits);
        const cash = form.locator('input[name="cashTaken"]');
        if (await cash.count()) await cash.fill(String(due / 100));
        await form.locator('button[type="submit"]').click();
      };
      // Without JavaScript the refused code is the page itself, answered with a 422.
      if (!riderJs) browserProblems.allowFailedLoad(`${prefix}/rider`, 422);
      await handOver(wrong);
      await expect(riderPage.locator('.rider-handover .notice-error')).toBeVisible();
      await expect(riderPage.locator('.rider-handover .notice-error')).toContainText('4');
      await handOver(code);
      await expect(riderPage.locator('.rider-current')).toHaveCount(0);
      await expect(async () => {
        expect((await orderOf(request, shopper, orderId)).status).toBe('delivered');
      }).toPass({ timeout: 10_000 });
      await expect(page.getByTestId('delivery-code')).toHaveCount(0, { timeout: 20_000 });

      // 8. The shopper's bell and outbox told each step.
      const bell = (
        await (await request.get(`${API_ORIGIN}/api/notifications?perPage=50`, { headers: shopper })).json()
      ).data as { kind: string; params: Record<string, string> }[];
      const mine = bell.filter((item) => item.params.orderId === orderId).map((item) => item.kind);
      for (const kind of ['order-accepted', 'rider-assigned', 'order-picked-up', 'order-delivered']) {
        expect(mine, kind).toContain(kind);
      }
      // Accepted, a rider, picked up, delivered: at least four messages name the order.
      await waitForMessage(shopperAccount.email, (message) => message.body.includes(ref), { after: 3 });
      // And four pushes to the phone, each for this order's page.
      const pushes = () =>
        pushService.received
          .filter((got) => got.path === pushPath)
          .map((got) => JSON.parse(browserKeys.decrypt(got.body)) as { title: string; url: string });
      await expect.poll(() => pushes().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      // In the shopper's language: the link opens the page in it.
      expect(new Set(pushes().map((push) => push.url))).toEqual(new Set([`${prefix}/account/orders/${orderId}`]));
      expect(new Set(pushes().map((push) => push.title)).size).toBeGreaterThanOrEqual(4);
      // Positions of a delivered order are no longer taken into its track.
      const after = await request.post(`${API_ORIGIN}/api/rider/location`, {
        headers: rider,
        data: { ...placed.address, accuracy: 10, at: new Date().toISOString() },
      });
      expect((await after.json()).data).toEqual({ tracked: false });
    } finally {
      await pushService.close();
      for (const context of contexts) await context.close();
      for (const undo of leftovers) await undo().catch(() => undefined);
    }
  });
}
