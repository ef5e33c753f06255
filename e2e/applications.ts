import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { createConfirmedAccount, E2E_OPERATOR } from './outbox.ts';

/** A PDF and a PNG by their first bytes, as the API checks them; and a text that only says it is a PDF. */
export const PDF = { name: 'national-id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
export const PNG = {
  name: 'certificate.png',
  mimeType: 'image/png',
  buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077053e', 'hex'),
};
export const FAKE_PDF = { name: 'id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') };

/** Applications are limited per address: each test applies from one of its own. */
export async function actAsApplicant(page: Page) {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8::${randomBytes(2).toString('hex')}:1` });
}

/** The application's text fields, for a business in Johannesburg (the suite's default place). */
export async function fillApplication(page: Page, businessName: string) {
  await page.locator('input[name="businessName"]').fill(businessName);
  await page.locator('input[name="phone"]').fill('082 123 4567');
  await page.locator('input[name="area"]').fill('Midrand');
  await page.locator('input[name="street"]').fill('Plot 7, behind the Engen garage');
  await page
    .locator('textarea[name="description"]')
    .fill('Spinach, butternut and free-range eggs from our smallholding.');
}

/** Signs in through the login page and lands where `returnTo` says. */
export async function signInTo(page: Page, returnTo: string, account: { email: string; password: string }) {
  const prefix = /^\/(ar|fr|es|pt|sw)(\/|$)/.exec(returnTo)?.[0]?.replace(/\/$/, '') ?? '';
  await page.goto(`${prefix}/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.locator('input[name="identifier"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form.auth-form button[type="submit"]').click();
  // Signing in checks the password with argon2id, slow on purpose: on two cores shared with two
  // browsers it took more than the 5 s an expectation waits by default.
  await expect(page).toHaveURL(returnTo, { timeout: 15_000 });
}

/** A signed-in applicant's whole application to Farm from its join page, sent and waiting. */
export async function applyToFarm(page: Page, prefix: string, businessName: string) {
  await applyToJoin(page, prefix, 'farm', businessName);
}

/** A signed-in applicant's whole application to a service from its join page, sent and waiting. */
export async function applyToJoin(page: Page, prefix: string, service: string, businessName: string) {
  await page.goto(`${prefix}/${service}/join`);
  await fillApplication(page, businessName);
  await page.locator('#join-document-id').setInputFiles(PDF);
  await page.locator('#join-document-food-safety').setInputFiles(PNG);
  await page.locator('.join-form button[type="submit"]').click();
  await expect(page.locator('.application-status')).toContainText(businessName);
}

/**
 * A new account that applies to join a service from its join page and is approved by the
 * suite's operator: signed in on `page`, it runs the shop `businessName`.
 */
export async function approvedShopOwner(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  { prefix, service, businessName, name }: { prefix: string; service: string; businessName: string; name: string },
) {
  const account = await createConfirmedAccount(request, { name });
  await actAsApplicant(page);
  await signInTo(page, `${prefix}/${service}/join`, account);
  await applyToJoin(page, prefix, service, businessName);
  await approveAsOperator(browser, businessName);
}

/** A real 8 × 8 PNG, as a phone's photo stands in for one. */
export const PHOTO = {
  name: 'spinach.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4Y2yMFTEMLQkACspMgdVP2G4AAAAASUVORK5CYII=',
    'base64',
  ),
};

/** The suite's operator approves a waiting application through the console, in a browser of their own. */
export async function approveAsOperator(browser: Browser, businessName: string) {
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInTo(ops, '/operator/applications', { email: E2E_OPERATOR.identifier, password: E2E_OPERATOR.password });
  await ops.locator('.order-card h2 a', { hasText: businessName }).click();
  await ops.locator('button[value="approve"]').click();
  await expect(ops.locator('.application-state-approved')).toBeVisible();
  await context.close();
}

/** The suite's operator suspends a shop through the console, with a reason. */
export async function suspendAsOperator(browser: Browser, shopName: string) {
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInTo(ops, `/operator/providers?q=${encodeURIComponent(shopName)}`, {
    email: E2E_OPERATOR.identifier,
    password: E2E_OPERATOR.password,
  });
  await ops.locator('.order-card h2 a', { hasText: shopName }).click();
  await ops.locator('#suspend-reason').fill('Complaints about the produce, to be checked.');
  await ops.locator('button[value="suspend"]').click();
  await expect(ops.locator('.provider-status-suspended')).toBeVisible();
  await context.close();
}
