// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub, Outlet, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDismissableDetails } from './use-dismissable-details.ts';

let container: HTMLElement;
let root: Root;
let stayOpenOnNavigation = false;

/** A disclosure the shopper opened before the scripts ran: the server's markup, already open. */
function Disclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const navigate = useNavigate();
  useDismissableDetails(ref, { stayOpenOnNavigation });
  return (
    <details ref={ref} open>
      <summary>Menu</summary>
      <button type="button" className="go" onClick={() => navigate('/elsewhere')}>
        Elsewhere
      </button>
    </details>
  );
}

/** The header stays mounted across pages, as the shell's does. */
function Shell() {
  return (
    <>
      <Disclosure />
      <Outlet />
      <button type="button" className="outside">
        Outside
      </button>
    </>
  );
}

const Page = () => <p>A page</p>;

const Stub = createRoutesStub([
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, Component: Page },
      { path: 'elsewhere', Component: Page },
    ],
  },
]);

async function show(stayOpen = false) {
  stayOpenOnNavigation = stayOpen;
  await act(async () => root.render(<Stub initialEntries={['/']} />));
}

const details = () => container.querySelector('details') as HTMLDetailsElement;
const press = (selector: string) => act(async () => (container.querySelector(selector) as HTMLElement).click());

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('a dismissable disclosure', () => {
  it('stays open when it was opened before the scripts started (no snapping shut at hydration)', async () => {
    await show();
    expect(details().open).toBe(true);
  });

  it('closes after a navigation', async () => {
    await show();
    await press('.go');
    expect(details().open).toBe(false);
  });

  it('stays open through a navigation when asked to (the theme picker)', async () => {
    await show(true);
    await press('.go');
    expect(details().open).toBe(true);
  });

  it('closes on Escape and on a press outside it', async () => {
    await show();
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(details().open).toBe(false);
    details().open = true;
    await act(async () =>
      container.querySelector('.outside')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })),
    );
    expect(details().open).toBe(false);
  });
});
