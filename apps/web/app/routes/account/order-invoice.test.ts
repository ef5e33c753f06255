import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loader } from './order-invoice.ts';

const api = vi.hoisted(() => ({ openStream: vi.fn(), signedIn: true }));
vi.mock('#app/platform/api-client/api-client.server.ts', () => ({
  apiClientFor: () => ({ openStream: api.openStream }),
}));
vi.mock('#app/platform/session/session.server.ts', () => ({
  requireSignedIn: () => {
    if (!api.signedIn) throw new Response(null, { status: 302, headers: { Location: '/auth/login' } });
    return { signedIn: true };
  },
}));

const ORDER = '3f1a2b3c-4d5e-4c55-9d7e-0b7c3b8e2f4a';
const PAGE = '<!doctype html>\n<html lang="fr" dir="ltr"><h1>Facture</h1></html>';

function load(path: string, orderId = ORDER) {
  const url = new URL(`http://malewa.test${path}`);
  return loader({
    url,
    request: new Request(url),
    context: {} as Readonly<RouterContextProvider>,
    params: { orderId },
  } as Parameters<typeof loader>[0]);
}

/** What the loader threw: a refusal's status. */
async function statusThrownBy(answer: Promise<unknown>): Promise<number> {
  try {
    await answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 0;
  }
  throw new Error('nothing was thrown');
}

beforeEach(() => {
  vi.clearAllMocks();
  api.signedIn = true;
  api.openStream.mockResolvedValue(new Response(PAGE, { status: 200, headers: { 'content-type': 'text/html' } }));
});

describe('an order’s invoice page', () => {
  it('passes the API’s page on in the page’s language, under a policy that runs no script', async () => {
    const response = await load(`/account/orders/${ORDER}/invoice?lang=fr`);
    expect(api.openStream).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/orders/:id/invoice' }),
      expect.objectContaining({ params: { id: ORDER }, headers: { Accept: 'text/html', 'Accept-Language': 'fr' } }),
    );
    expect(await response.text()).toBe(PAGE);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
  });

  it('asks in English for a language the storefront does not have', async () => {
    await load(`/account/orders/${ORDER}/invoice?lang=xx`);
    expect(api.openStream.mock.calls[0]?.[1].headers['Accept-Language']).toBe('en');
  });

  it('passes on the API’s refusals: not theirs, not delivered yet; an id that is none is a 404', async () => {
    api.openStream.mockResolvedValue(new Response('{"errors":{}}', { status: 409 }));
    expect(await statusThrownBy(load(`/account/orders/${ORDER}/invoice`))).toBe(409);
    api.openStream.mockResolvedValue(new Response('{"errors":{}}', { status: 404 }));
    expect(await statusThrownBy(load(`/account/orders/${ORDER}/invoice`))).toBe(404);
    expect(await statusThrownBy(load('/account/orders/nope/invoice', 'nope'))).toBe(404);
    api.signedIn = false;
    expect(await statusThrownBy(load(`/account/orders/${ORDER}/invoice`))).toBe(302);
  });
});
