import type { NotificationKind } from '@malewa/contracts/notifications/notification';

/**
 * Tells an account what happened to it (welcome, confirmed, password changed, a new sign-in).
 * The notifications are the notifications feature's (its table, `notifications`); auth asks
 * through this, wired in `app.ts` to that feature's repository, so the auth feature does not
 * reach into it. Called inside auth's transaction, the notification joins it (decision 29).
 */
export interface AccountNotices {
  notify(userId: string, kind: NotificationKind, params?: Record<string, string>): Promise<void>;
}
