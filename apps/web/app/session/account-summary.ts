import type { NotificationItem } from '@malewa/contracts/notifications/notification';

/**
 * What every page knows of the shopper's account, for the header (spec §2: the user menu with
 * name, surname and avatar; the notification dropdown). Plain data: the root loader sends it.
 * `unavailable`: signed in, but the API could not say who (it is down); the header then shows
 * neither the Login button nor a user menu with a wrong name.
 */
export type AccountSummary =
  | { readonly state: 'anonymous' }
  | { readonly state: 'unavailable' }
  | {
      readonly state: 'signed-in';
      readonly user: ViewerUser;
      readonly notifications: { readonly items: readonly NotificationItem[]; readonly unread: number };
    };

export interface ViewerUser {
  readonly name: string;
  readonly surname: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly avatarUrl: string | null;
}

/** How many notifications the header's dropdown shows. */
export const HEADER_NOTIFICATIONS = 8;
