import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInTo } from './applications.ts';
import { expect } from './fixtures.ts';
import { API_ORIGIN, createConfirmedAccount, shopperHeaders } from './outbox.ts';
import { hydrated } from './page-ready.ts';
import { choosePlace } from './place.ts';
import { E2E_SHOPKEEPER } from './shops.ts';

/**
 * An order from the suite's shopkeeper's kitchen, placed at phone width as a shopper does it,
 * for the specs that follow an order past checkout (the chat, the delivery).
 */

export interface Meal {
  slug: string;
  quantity: number;
}

/** A meal of the shopkeeper's kitchen, without choices, and how many of it reach the kitchen's minimum. */
export async function kitchenMeal(request: APIRequestContext): Promise<Meal> {
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

/** A shopper of Johannesburg with one cash order of the kitchen's meal, on that order's page. */
export async function orderAsShopper(page: Page, request: APIRequestContext, prefix: string, lang: string) {
  const meal = await kitchenMeal(request);
  const account = await createConfirmedAccount(request, { name: 'Naledi', surname: 'Dlamini', locale: lang });
  await page.goto('/food');
  await choosePlace(page, 'Johannesburg');
  await signInTo(page, `${prefix}/food`, account);
  await page.goto(`${prefix}/food/meals/${meal.slug}`);
  await hydrated(page);
  await page.locator('.add-to-cart input[name="quantity"]').fill(String(meal.quantity));
  const added = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.includes('/cart/food'),
  );
  await page.locator('.add-to-cart button[type="submit"]').click();
  await added;
  await page.goto(`${prefix}/cart/food/checkout`);
  await hydrated(page);
  await page.locator('input[name="phone"]').fill('082 555 0101');
  await page.locator('input[name="line"]').fill('12 Jan Smuts Avenue');
  await page.locator('input[name="area"]').fill('Braamfontein');
  await page.locator('.checkout-form button.checkout-place').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/orders/placed/[0-9a-f-]{36}$`));
  await page.locator('.order-card a').first().click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/orders/[0-9a-f-]{36}$`));
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  return { account, orderId };
}

export async function bearerOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post(`${API_ORIGIN}/auth/account/authenticate`, {
    headers: shopperHeaders(),
    data: { identifier: account.email, secret: account.password },
  });
  if (!response.ok()) throw new Error(`authenticate answered ${response.status()}: ${await response.text()}`);
  return { Authorization: `Bearer ${((await response.json()).data as { accessToken: string }).accessToken}` };
}

export async function phoneContext(browser: Browser, javaScriptEnabled = true) {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
}
