import { describe, expect, it } from 'vitest';
import { shouldReloadRoot } from './root-revalidation.ts';

const at = (path: string) => new URL(path, 'http://localhost:3000');
// Single fetch's default: reload everything, unless an action answered with an error.
const defaultShouldRevalidate = true;

describe('shouldReloadRoot', () => {
  it('keeps the root data on a plain navigation in one language', () => {
    expect(shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/'), nextUrl: at('/food') })).toBe(false);
    expect(
      shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/fr/food'), nextUrl: at('/fr/pages/about') }),
    ).toBe(false);
    expect(shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/account'), nextUrl: at('/food?page=2') })).toBe(
      false,
    );
  });

  it('reloads it after a form was sent, even when the answer sends the browser elsewhere', () => {
    expect(
      shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/food'), nextUrl: at('/food'), formMethod: 'POST' }),
    ).toBe(true);
    expect(
      shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/account'), nextUrl: at('/'), formMethod: 'POST' }),
    ).toBe(true);
  });

  it('keeps it after an action that failed', () => {
    expect(
      shouldReloadRoot({
        currentUrl: at('/account'),
        nextUrl: at('/account'),
        formMethod: 'POST',
        defaultShouldRevalidate: false,
      }),
    ).toBe(false);
  });

  it('reloads it for the same address (a refresh) and when the language changes', () => {
    expect(
      shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/food?page=2'), nextUrl: at('/food?page=2') }),
    ).toBe(true);
    expect(shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/food'), nextUrl: at('/ar/food') })).toBe(true);
    expect(shouldReloadRoot({ defaultShouldRevalidate, currentUrl: at('/sw'), nextUrl: at('/') })).toBe(true);
  });
});
