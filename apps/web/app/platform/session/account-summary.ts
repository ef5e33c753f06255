import type { CountryCode } from '@malewa/contracts/markets';

/**
 * What every page knows of the shopper's account, for the header (docs/product/pages.md: the
 * user menu with name, surname and avatar; the notification dropdown). Plain data: the root
 * loader sends it. `unavailable`: signed in, but the API could not say who (it is down); the
 * header then shows neither the Login button nor a user menu with a wrong name.
 */
export type AccountSummary =
  | { readonly state: 'anonymous' }
  | { readonly state: 'unavailable' }
  | {
      readonly state: 'signed-in';
      readonly user: ViewerUser;
      readonly notifications: { readonly items: readonly HeaderNotification[]; readonly unread: number };
    };

export interface ViewerUser {
  readonly name: string;
  readonly surname: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly avatarUrl: string | null;
  readonly market: CountryCode;
}

/**
 * A notification ready to show: its text and its age already written in the page's language
 * on the server (notifications/notification-text.ts), so the messages that say it are not
 * sent with every page, and the hydrated page reads exactly as the server's.
 */
export interface HeaderNotification {
  readonly id: string;
  readonly read: boolean;
  readonly title: string;
  readonly body: string;
  /** The page it is about (an order's), unprefixed; the menu links its title there. */
  readonly href?: string;
  /** ISO 8601, for `<time dateTime>`. */
  readonly createdAt: string;
  /** "2 minutes ago", "yesterday", "Nov 2, 2026". */
  readonly when: string;
}
