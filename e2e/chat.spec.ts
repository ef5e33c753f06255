import { signInTo } from './applications.ts';
import { expect, test } from './fixtures.ts';
import { bearerOf, orderAsShopper, phoneContext } from './kitchen-order.ts';
import { API_ORIGIN, createConfirmedAccount } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { E2E_SHOPKEEPER } from './shops.ts';

/**
 * The order chat (issue 33) at phone width: a shopper sends a quick reply and a text from the
 * order page; the kitchen (the suite's shopkeeper) reads them on its board and answers; the
 * shopper's page shows the answer without a reload, and a shopper without JavaScript sees it
 * after writing; nobody else can read the chat. In English, French and Arabic.
 */

const LANGS = [
  { lang: 'en', prefix: '', atTheGate: 'I’m at the gate' },
  { lang: 'fr', prefix: '/fr', atTheGate: 'Je suis au portail' },
  { lang: 'ar', prefix: '/ar', atTheGate: 'أنا عند البوابة' },
] as const;

for (const { lang, prefix, atTheGate } of LANGS) {
  test(`${lang}: shopper and kitchen talk in the order chat, live and without JavaScript @phone-only`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { account, orderId } = await orderAsShopper(page, request, prefix, lang);
    const shopperChat = page.locator(`#chat-${orderId}`);
    await expect(shopperChat).toBeVisible();
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // A quick reply in one tap, then a text.
    await shopperChat.locator('button[name="quickReply"][value="at-the-gate"]').click();
    await expect(shopperChat.locator('.chat-message.chat-ours')).toHaveCount(1);
    await expect(shopperChat.locator('.chat-ours .chat-text')).toHaveText(atTheGate);
    await shopperChat.locator('textarea[name="body"]').fill('Blue gate opposite the church');
    await shopperChat.locator('.chat-compose button[type="submit"]').click();
    await expect(shopperChat.locator('.chat-message.chat-ours')).toHaveCount(2);
    await expect(shopperChat.locator('textarea[name="body"]')).toHaveValue('');
    await page.evaluate(() => {
      (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The kitchen reads both on its board, under the order's card, and answers.
    const shop = await phoneContext(browser);
    const board = await shop.newPage();
    await signInTo(board, `${prefix}/provider/orders`, {
      email: E2E_SHOPKEEPER.identifier,
      password: E2E_SHOPKEEPER.password,
    });
    await hydrated(board);
    const card = board.locator('.board-card', { has: board.locator(`#board-order-${orderId}`) });
    const boardChat = card.locator(`#chat-${orderId}`);
    await boardChat.locator('summary').click();
    await expect(boardChat.locator('.chat-message')).toHaveCount(2);
    await expect(boardChat.locator('.chat-message').first()).toContainText(atTheGate);
    await expect(boardChat.locator('.chat-message').first()).toContainText('Naledi');
    await expect(boardChat.locator('.chat-message').nth(1)).toContainText('Blue gate opposite the church');
    await boardChat.locator('textarea[name="body"]').fill('Cooking now, ten minutes.');
    await boardChat.locator('.chat-compose button[type="submit"]').click();
    await expect(boardChat.locator('.chat-message.chat-ours')).toHaveCount(1);

    // The shopper's page shows the answer by itself (the order's live stream), in the same document.
    const answer = shopperChat.locator('.chat-message:not(.chat-ours)');
    await expect(answer).toContainText('Cooking now, ten minutes.', { timeout: 20_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    if (lang === 'ar') {
      // Right to left, the reader's own messages sit on the left, the others' on the right.
      const ours = await shopperChat.locator('.chat-ours').first().boundingBox();
      const theirs = await answer.boundingBox();
      expect(ours && theirs && ours.x < theirs.x).toBe(true);
    }
    await shop.close();

    // Without JavaScript the shopper writes, and the page that comes back holds the whole chat.
    const plain = await phoneContext(browser, false);
    const noScript = await plain.newPage();
    await signInTo(noScript, `${prefix}/account/orders/${orderId}`, account);
    const plainChat = noScript.locator(`#chat-${orderId}`);
    await plainChat.locator('textarea[name="body"]').fill('Thank you, see you soon');
    await plainChat.locator('.chat-compose button[type="submit"]').click();
    await expect(noScript).toHaveURL(new RegExp(`${prefix}/account/orders/${orderId}`));
    await expect(plainChat.locator('.chat-message')).toHaveCount(4);
    await expect(plainChat.locator('.chat-message').nth(2)).toContainText('Cooking now, ten minutes.');
    await expect(plainChat.locator('.chat-message').nth(3)).toContainText('Thank you, see you soon');
    await plain.close();

    // Nobody else reads it, not even knowing the order's id.
    const stranger = await createConfirmedAccount(request, { name: 'Sipho', locale: lang });
    const denied = await request.get(`${API_ORIGIN}/api/orders/${orderId}/messages`, {
      headers: await bearerOf(request, stranger),
    });
    expect(denied.status()).toBe(404);
  });
}
