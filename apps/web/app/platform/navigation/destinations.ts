import type { StaticPage } from '../content/static-pages.ts';
import { getService, mainListTab, type ServiceId, serviceOfPath } from '../services/services.ts';

/**
 * Where the header and the footer lead (docs/product/pages.md, header and footer), as plain
 * data so that tests need no React. Paths are unprefixed; `localizePath` adds the locale.
 *
 * Several destinations are routes that later issues add (sign-in, account, cart). Until a
 * route exists, nothing links to it: the header's Login and Cart buttons and the footer's links
 * to it are not rendered, like the service tabs (`available` in services/services.ts).
 */
export type DestinationId =
  | 'login'
  | 'register'
  | 'account'
  | 'orders'
  | 'favorites'
  | 'payments'
  | 'addresses'
  | 'cart';
export type Availability = Readonly<Record<DestinationId, boolean>>;

/** Whether each route exists. The issue that adds a route flips its entry to true. */
export const AVAILABLE: Availability = {
  login: true, // /auth/login
  register: true, // /auth/register
  account: true, // /account: the profile (routes/account/account-layout.tsx)
  orders: true, // /account/orders (routes/account/account-orders.tsx)
  favorites: true, // /account/favorites (routes/account/account-favorites.tsx)
  payments: true, // /account/payments (routes/account/account-payments.tsx)
  addresses: true, // /account/addresses (routes/account/account-addresses.tsx)
  cart: true, // /cart/<service>: one cart per service (routes/commerce/cart-page.tsx)
};

const PATHS: Record<Exclude<DestinationId, 'cart'>, string> = {
  login: '/auth/login',
  register: '/auth/register',
  account: '/account',
  orders: '/account/orders',
  favorites: '/account/favorites',
  payments: '/account/payments',
  addresses: '/account/addresses',
};

/**
 * Every link the shell may show; its label is the message `shell.link.<id>`. The account's own
 * pages (payments, addresses) are linked from its panel only (`accountLinks`).
 */
export type ShellLinkId =
  | Exclude<DestinationId, 'payments' | 'addresses'>
  | StaticPage
  | 'menu'
  | 'howItWorks'
  | 'checkout';

export interface ShellLink {
  readonly id: ShellLinkId;
  /** Unprefixed, with a fragment where it leads into a page. */
  readonly path: string;
}

/** The id of the how-it-works section of a service home: the footer's "how it works" lands on it. */
export const HOW_IT_WORKS_ID = 'how-it-works';

export interface ShellState {
  /** Whether a shopper is signed in (the accounts issue): the login links are for those who are not. */
  readonly signedIn: boolean;
  /** The service the footer's service links are about: `shellService`. */
  readonly service: ServiceId | undefined;
  readonly available?: Availability;
}

/**
 * The service of the page, when it is an enabled one; elsewhere the first enabled service. The
 * footer's "menu", "how it works" and "checkout" and the header's cart are about it.
 */
export function shellService(unprefixedPath: string, enabled: readonly ServiceId[]): ServiceId | undefined {
  const here = serviceOfPath(unprefixedPath)?.id;
  return here && enabled.includes(here) ? here : enabled[0];
}

function page<Id extends StaticPage>(id: Id) {
  return { id, path: `/pages/${id}` };
}

export type InfoMenuId = 'about' | 'help' | 'contact' | 'terms' | 'privacy';

/**
 * The header's information menu: About, Help & Support, Contact Us, T&C, Privacy Policy; its
 * labels are the messages `shell.info.<id>`.
 */
export const INFO_MENU: readonly { readonly id: InfoMenuId; readonly path: string }[] = [
  page('about'),
  page('help'),
  page('contact'),
  page('terms'),
  page('privacy'),
];

function destination<Id extends DestinationId>(id: Id, state: ShellState): { id: Id; path: string } | undefined {
  const available = state.available ?? AVAILABLE;
  if (!available[id]) return undefined;
  if (id !== 'cart') return { id, path: PATHS[id as Exclude<DestinationId, 'cart'>] };
  return state.service ? { id, path: `/cart/${state.service}` } : undefined;
}

function present(links: (ShellLink | undefined)[]): ShellLink[] {
  return links.filter((link) => link !== undefined);
}

/**
 * The header's buttons after the pickers: Login for a shopper who is not signed in, the Cart
 * always; each only once its route exists. A signed-in shopper has the user menu instead of
 * Login (`userMenuLinks`).
 */
export function headerActions(state: ShellState): ShellLink[] {
  return present([state.signedIn ? undefined : destination('login', state), destination('cart', state)]);
}

/**
 * The signed-in user menu (Account, Favorites, Orders, Sign Out): the links whose routes exist;
 * Sign Out is a form, always there.
 */
export function userMenuLinks(state: Pick<ShellState, 'available'>): ShellLink[] {
  const signedIn = { ...state, signedIn: true, service: undefined };
  return present([
    destination('account', signedIn),
    destination('favorites', signedIn),
    destination('orders', signedIn),
  ]);
}

export type AccountLinkId =
  | 'profile'
  | 'signInMethods'
  | 'payments'
  | 'addresses'
  | 'favorites'
  | 'orders'
  | 'notifications'
  | 'applications';

/**
 * The account layout's panel (docs/product/accounts.md, account pages): Payments, Addresses,
 * Favorites and Orders, each once its route exists, the profile (the account's index page)
 * always, how the shopper hears of their orders (issue 33), and last the applications to join a
 * service (issue 13). Labels are the messages
 * `account.nav.<id>`.
 */
export function accountLinks(state: Pick<ShellState, 'available'>): { id: AccountLinkId; path: string }[] {
  const signedIn = { ...state, signedIn: true, service: undefined };
  const links: { id: AccountLinkId; path: string }[] = [
    { id: 'profile', path: PATHS.account },
    { id: 'signInMethods', path: `${PATHS.account}/sign-in-methods` },
  ];
  for (const id of ['payments', 'addresses', 'favorites', 'orders'] as const) {
    const link = destination(id, signedIn);
    if (link) links.push({ id, path: link.path });
  }
  links.push({ id: 'notifications', path: `${PATHS.account}/notifications` });
  links.push({ id: 'applications', path: `${PATHS.account}/applications` });
  return links;
}

export type FooterColumnId = 'company' | 'services' | 'account' | 'more';

export interface FooterColumn {
  readonly id: FooterColumnId;
  readonly links: readonly ShellLink[];
}

/**
 * The links of the brief footer of a page where the shopper pays (docs/product/pages.md,
 * footer): help, and the terms and privacy they pay under.
 */
export function briefFooterLinks(): ShellLink[] {
  return [page('help'), page('terms'), page('privacy')];
}

/**
 * The footer's columns (docs/product/pages.md, footer), each with only the links whose
 * destination exists; a column left with none is not shown.
 */
export function footerColumns(state: ShellState): FooterColumn[] {
  const service = state.service ? getService(state.service) : undefined;
  const menu = service ? mainListTab(service) : undefined;
  const checkout = destination('cart', state);
  const anonymous = !state.signedIn;
  const columns: FooterColumn[] = [
    { id: 'company', links: [page('about'), page('contact'), page('help'), page('career')] },
    {
      id: 'services',
      links: present([
        menu && { id: 'menu', path: menu.path },
        service && { id: 'howItWorks', path: `${service.path}#${HOW_IT_WORKS_ID}` },
        page('partnership'),
        checkout && { id: 'checkout', path: checkout.path },
      ]),
    },
    {
      id: 'account',
      links: present([
        anonymous ? destination('login', state) : undefined,
        anonymous ? destination('register', state) : undefined,
        destination('account', state),
        destination('orders', state),
        destination('favorites', state),
      ]),
    },
    { id: 'more', links: [page('terms'), page('privacy'), page('foodsafety')] },
  ];
  return columns.filter((column) => column.links.length > 0);
}
