// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../platform/session/account-summary.ts';
import { SESSION_CHANNEL } from '../platform/session/signed-in-sync.ts';
import { HOME_AFTER_SIGN_IN_CHANGE_MS } from '../platform/session/use-home-after-sign-in-change.ts';
import { useSignedInSync } from '../platform/session/use-signed-in-sync.ts';
import { PlainLayout } from './plain-layout.tsx';

/**
 * The plain layout in a router of its own: a root route (id `root`, as in the app) whose
 * loader says who the shopper is, running the cross-tab sync as root.tsx does, and a page in
 * the plain layout. "Another tab" is a BroadcastChannel of this process on the same name.
 */
const SIGNED_IN: AccountSummary = { state: 'unavailable' };
const ANONYMOUS: AccountSummary = { state: 'anonymous' };

let account: AccountSummary;
let container: HTMLElement;
let root: Root;
let otherTab: BroadcastChannel;

function RootRoute() {
  useSignedInSync();
  return <Outlet />;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const Stub = createRoutesStub([
  {
    id: 'root',
    path: '/',
    Component: RootRoute,
    loader: () => ({ account }),
    HydrateFallback: () => null,
    children: [
      { index: true, Component: Where },
      { path: ':lang', Component: Where },
      {
        path: ':lang?/checkout',
        Component: () => (
          <PlainLayout>
            <Where />
          </PlainLayout>
        ),
      },
    ],
  },
]);

const where = () => container.querySelector('[data-testid="where"]')?.textContent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await act(() => sleep(10));
  }
}

async function open(path: string, who: AccountSummary) {
  account = who;
  await act(async () => root.render(<Stub initialEntries={[path]} />));
  await waitFor(() => where() === path);
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  otherTab = new BroadcastChannel(SESSION_CHANNEL);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  otherTab.close();
});

describe('the plain layout', () => {
  it('sends the shopper home, in the page’s language, 200 ms after signing in elsewhere', async () => {
    await open('/fr/checkout', ANONYMOUS);
    account = SIGNED_IN;
    const said = Date.now();
    otherTab.postMessage({ signedIn: true });
    await waitFor(() => where() === '/fr');
    expect(Date.now() - said).toBeGreaterThanOrEqual(HOME_AFTER_SIGN_IN_CHANGE_MS);
  });

  it('sends the shopper home after signing out elsewhere', async () => {
    await open('/checkout', SIGNED_IN);
    account = ANONYMOUS;
    otherTab.postMessage({ signedIn: false });
    await waitFor(() => where() === '/');
  });

  it('stays when another tab only repeats the state the page was made for', async () => {
    await open('/checkout', SIGNED_IN);
    otherTab.postMessage({ signedIn: true });
    await act(() => sleep(HOME_AFTER_SIGN_IN_CHANGE_MS * 3));
    expect(where()).toBe('/checkout');
  });
});

describe('the signed-in sync', () => {
  it('tells the other tabs the state on load and after a change', async () => {
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    await open('/', ANONYMOUS);
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([{ signedIn: false }]);

    account = SIGNED_IN;
    // Another tab signed in: this one reloads its data, then says it caught up.
    otherTab.postMessage({ signedIn: true });
    await waitFor(() => heard.length === 2);
    expect(heard[1]).toEqual({ signedIn: true });
  });
});
