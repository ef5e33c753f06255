import type { NotificationPreferences } from '@malewa/contracts/account/notification-preferences';
import type { UpdateNotificationPreferencesRequest } from '@malewa/contracts/account/update-notification-preferences';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type PreferencesDeps, preferencesOf } from './get-notification-preferences.ts';

/**
 * The signed-in user chooses their channels. A channel the account cannot be reached on (SMS
 * without a phone number) may be chosen: it starts working when the number is added.
 */
export async function updateNotificationPreferences(
  deps: PreferencesDeps & { now?: Clock | undefined },
  principal: Principal,
  request: UpdateNotificationPreferencesRequest,
): Promise<NotificationPreferences> {
  await deps.notifications.choose(principal.userId, request, clock(deps));
  const reach = await deps.notifications.reachOf(principal.userId);
  return preferencesOf(deps, principal, request, { email: reach?.email ?? null, phone: reach?.phone ?? null });
}
