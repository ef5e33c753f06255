import { describe, expect, it } from 'vitest';
import { getService, mainListTab, SERVICE_IDS } from '../services/services.ts';
import {
  AVAILABLE,
  type Availability,
  accountLinks,
  footerColumns,
  headerActions,
  INFO_MENU,
  type ShellState,
  shellService,
  userMenuLinks,
} from './destinations.ts';

const ALL: Availability = {
  login: true,
  register: true,
  account: true,
  orders: true,
  favorites: true,
  payments: true,
  addresses: true,
  cart: true,
};
const NONE: Availability = {
  login: false,
  register: false,
  account: false,
  orders: false,
  favorites: false,
  payments: false,
  addresses: false,
  cart: false,
};

function linksOf(state: ShellState) {
  return Object.fromEntries(footerColumns(state).map((column) => [column.id, column.links.map((l) => l.path)]));
}

describe('the information menu', () => {
  it('is the specification’s five pages, in its order', () => {
    expect(INFO_MENU).toEqual([
      { id: 'about', path: '/pages/about' },
      { id: 'help', path: '/pages/help' },
      { id: 'contact', path: '/pages/contact' },
      { id: 'terms', path: '/pages/terms' },
      { id: 'privacy', path: '/pages/privacy' },
    ]);
  });
});

describe('the service the shell is about', () => {
  const all = SERVICE_IDS;

  it('is the page’s service when it is enabled', () => {
    expect(shellService('/chef', all)).toBe('chef');
    expect(shellService('/farm/produces/tomatoes', all)).toBe('farm');
  });

  it('is otherwise the first enabled service', () => {
    expect(shellService('/', all)).toBe('food');
    expect(shellService('/pages/about', ['grocery', 'farm'])).toBe('grocery');
    expect(shellService('/chef', ['grocery', 'farm'])).toBe('grocery');
    expect(shellService('/', [])).toBeUndefined();
  });
});

describe('the header’s buttons', () => {
  it('today: Login for a shopper who is not signed in (the sign-in pages exist), nothing once signed in', () => {
    expect(AVAILABLE.login).toBe(true);
    expect(headerActions({ signedIn: false, service: 'food' })[0]).toEqual({ id: 'login', path: '/auth/login' });
    expect(headerActions({ signedIn: true, service: 'food' }).map((link) => link.id)).not.toContain('login');
    expect(headerActions({ signedIn: false, service: 'food', available: NONE })).toEqual([]);
  });

  it('offer Login to a shopper who is not signed in, and the cart of the service always', () => {
    expect(headerActions({ signedIn: false, service: 'chef', available: ALL })).toEqual([
      { id: 'login', path: '/auth/login' },
      { id: 'cart', path: '/cart/chef' },
    ]);
    expect(headerActions({ signedIn: true, service: 'chef', available: ALL })).toEqual([
      { id: 'cart', path: '/cart/chef' },
    ]);
  });

  it('show each button only once its route exists', () => {
    expect(headerActions({ signedIn: false, service: 'food', available: { ...NONE, cart: true } })).toEqual([
      { id: 'cart', path: '/cart/food' },
    ]);
    expect(headerActions({ signedIn: false, service: 'food', available: { ...NONE, login: true } })).toEqual([
      { id: 'login', path: '/auth/login' },
    ]);
    // No service enabled means no cart to go to.
    expect(headerActions({ signedIn: false, service: undefined, available: ALL })).toEqual([
      { id: 'login', path: '/auth/login' },
    ]);
  });
});

describe('the footer’s columns', () => {
  it('today: company, services, account (sign in and register for a shopper not signed in) and more', () => {
    const menu = mainListTab(getService('food'));
    const links = linksOf({ signedIn: false, service: 'food' });
    expect(links.company).toEqual(['/pages/about', '/pages/contact', '/pages/help', '/pages/career']);
    expect(links.services?.slice(0, 3)).toEqual([
      ...(menu ? [menu.path] : []),
      '/food#how-it-works',
      '/pages/partnership',
    ]);
    expect(links.account?.slice(0, 2)).toEqual(['/auth/login', '/auth/register']);
    expect(links.account).toEqual([
      '/auth/login',
      '/auth/register',
      '/account',
      '/account/orders',
      '/account/favorites',
    ]);
    expect(links.more).toEqual(['/pages/terms', '/pages/privacy', '/pages/foodsafety']);
    expect(linksOf({ signedIn: true, service: 'food' }).account ?? []).not.toContain('/auth/login');
  });

  it('have every link of the specification once every route exists', () => {
    const state = { signedIn: false, service: 'grocery', available: ALL } as const;
    expect(footerColumns(state).map((c) => [c.id, c.links.map((l) => l.id)])).toEqual([
      ['company', ['about', 'contact', 'help', 'career']],
      ['services', [...(mainListTab(getService('grocery')) ? ['menu'] : []), 'howItWorks', 'partnership', 'checkout']],
      ['account', ['login', 'register', 'account', 'orders', 'favorites']],
      ['more', ['terms', 'privacy', 'foodsafety']],
    ]);
    expect(linksOf(state).services).toContain('/cart/grocery');
    expect(linksOf(state).account).toEqual([
      '/auth/login',
      '/auth/register',
      '/account',
      '/account/orders',
      '/account/favorites',
    ]);
  });

  it('offer login and register only to a shopper who is not signed in', () => {
    expect(linksOf({ signedIn: true, service: 'food', available: ALL }).account).toEqual([
      '/account',
      '/account/orders',
      '/account/favorites',
    ]);
  });

  it('leave out a column with no link', () => {
    expect(linksOf({ signedIn: true, service: 'food', available: { ...NONE, login: true } })).not.toHaveProperty(
      'account',
    );
    expect(linksOf({ signedIn: false, service: 'food', available: { ...NONE, orders: true } }).account).toEqual([
      '/account/orders',
    ]);
  });

  it('lead "how it works" into the page’s service, and to no service when none is enabled', () => {
    expect(linksOf({ signedIn: false, service: 'farm' }).services).toContain('/farm#how-it-works');
    expect(linksOf({ signedIn: false, service: undefined, available: ALL }).services).toEqual(['/pages/partnership']);
  });
});

describe('the user menu', () => {
  it('links Account, Favorites and Orders, each once its route exists', () => {
    expect(userMenuLinks({ available: ALL })).toEqual([
      { id: 'account', path: '/account' },
      { id: 'favorites', path: '/account/favorites' },
      { id: 'orders', path: '/account/orders' },
    ]);
    expect(userMenuLinks({ available: { ...NONE, account: true } })).toEqual([{ id: 'account', path: '/account' }]);
    expect(userMenuLinks({ available: NONE })).toEqual([]);
  });
});

describe('the account panel', () => {
  it('links the profile, sign-in methods, notifications and applications to join always, and Payments, Addresses, Favorites and Orders once they exist', () => {
    expect(accountLinks({ available: NONE }).map((link) => link.path)).toEqual([
      '/account',
      '/account/sign-in-methods',
      '/account/notifications',
      '/account/applications',
    ]);
    expect(accountLinks({ available: ALL }).map((link) => link.id)).toEqual([
      'profile',
      'signInMethods',
      'payments',
      'addresses',
      'favorites',
      'orders',
      'notifications',
      'applications',
    ]);
  });
});
