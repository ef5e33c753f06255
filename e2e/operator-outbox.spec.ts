import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fakeBrowserKeys } from '../apps/api/src/testing/push-service.ts';
import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { bearerOf, orderAsShopper } from './kitchen-order.ts';
import { API_ORIGIN, E2E_OPERATOR } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { startE2ePushService } from './push-service.ts';

/**
 * The outbox's dead messages (issue 34) as an operator meets them. A shopper's phone is
 * subscribed at a push service that fails; the shopper cancels an order, and the push message
 * that tells it is tried once and given up on (the suite's product gives up after one try:
 * OUTBOX_MAX_ATTEMPTS in playwright.config.ts). The operator finds it on /operator/outbox, its
 * recipient partly hidden, in English and Arabic; the push service mended, Retry sends it, once,
 * and the audit log says who did.
 */

const OPERATOR = { email: E2E_OPERATOR.identifier, password: E2E_OPERATOR.password };

/** The page fits the screen (the table's rows stack on a phone) and axe finds nothing. */
async function expectFitsAndPassesAxe(page: Page) {
  await hydrated(page);
  const overflow = await page.evaluate(() => {
    const { documentElement } = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });
  expect(overflow, 'wider than the screen by').toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

test('an operator sends again a push message the outbox gave up on', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const service = await startE2ePushService();
  try {
    const path = `/push/outbox-${randomBytes(4).toString('hex')}`;
    const toPhone = () => service.received.filter((got) => got.path === path);
    service.answer(path, 500);
    const { account } = await orderAsShopper(page, request, '', 'en');
    const keys = fakeBrowserKeys();
    const subscribed = await request.post(`${API_ORIGIN}/api/account/push-subscriptions`, {
      headers: await bearerOf(request, account),
      data: { endpoint: `${service.origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(subscribed.status()).toBe(201);
    const subscription = ((await subscribed.json()) as { data: { id: string } }).data.id;

    // The shopper cancels: the step's push message meets the failing service, once.
    await hydrated(page);
    await page.locator('button[name="intent"][value="cancel"]').click();
    await expect.poll(() => toPhone().length).toBe(1);

    const ops = await (await browser.newContext()).newPage();
    await signInTo(ops, '/operator/outbox', OPERATOR);
    await expect(ops.locator('h1')).toHaveText('Messages not sent');
    await expect(ops.locator('.service-tabs a[aria-current="page"]')).toHaveText('Outbox');
    const row = ops.locator('.outbox-table tbody tr', { hasText: `${subscription.slice(0, 8)}…` });
    // Given up on as the worker's round ends, just after the push service answered.
    await expect(async () => {
      await ops.reload();
      await expect(row).toHaveCount(1, { timeout: 1000 });
    }).toPass();
    await expect(row).toContainText('Push notification');
    await expect(row).toContainText('order-cancelled');
    await expect(row).toContainText('push service answered 500');
    await expect(row).not.toContainText(subscription);
    await expect(ops.locator('.outbox-count-dead dd')).not.toHaveText('0');
    await expectFitsAndPassesAxe(ops);

    // The same page in Arabic, right to left.
    await ops.goto('/ar/operator/outbox');
    await expect(ops.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ops.locator('h1')).toHaveText('رسائل لم تُرسَل');
    await expect(row).toContainText('إشعار فوري');
    await expectFitsAndPassesAxe(ops);

    // The push service is back: Retry queues it again, and it goes out once.
    service.answer(path, 201);
    await ops.goto('/operator/outbox');
    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect(ops.locator('.toasts')).toContainText('The message is back in the queue.');
    await expect.poll(() => toPhone().length).toBe(2);
    const sent = toPhone()[1];
    expect(JSON.parse(keys.decrypt(sent?.body ?? Buffer.alloc(0)))).toMatchObject({ title: 'Order cancelled' });
    await ops.reload();
    await expect(row).toHaveCount(0);
    expect(toPhone()).toHaveLength(2);

    await ops.goto(`/operator/audit-log?subjectType=outbox_message`);
    await expect(ops.locator('.audit-log .order-card').first()).toContainText('Sent a message again');
    await expect(ops.locator('.audit-log .order-card').first()).toContainText('push service answered 500');
  } finally {
    await service.close();
  }
});
