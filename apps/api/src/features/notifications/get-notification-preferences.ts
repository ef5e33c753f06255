import {
  channelsOf,
  type NotificationChannels,
  type NotificationPreferences,
} from '@malewa/contracts/account/notification-preferences';
import type { Principal } from '#api/plugins/access-control.ts';
import type { NotificationsRepository } from './notifications-repository.ts';
import type { PushRepository } from './push-repository.ts';

export interface PreferencesDeps {
  notifications: Pick<NotificationsRepository, 'reachOf' | 'choose'>;
  push: Pick<PushRepository, 'countOf'>;
  /** The installation's VAPID public key, which browsers subscribe with. */
  pushKey: () => Promise<string>;
}

/** How the signed-in user hears about their orders: their choice, or the defaults until they make one. */
export async function getNotificationPreferences(
  deps: PreferencesDeps,
  principal: Principal,
): Promise<NotificationPreferences> {
  const reach = await deps.notifications.reachOf(principal.userId);
  const contacts = { email: reach?.email ?? null, phone: reach?.phone ?? null };
  return preferencesOf(deps, principal, channelsOf(reach?.chosen ?? null, contacts), contacts);
}

export async function preferencesOf(
  deps: Pick<PreferencesDeps, 'push' | 'pushKey'>,
  principal: Principal,
  channels: NotificationChannels,
  contacts: { email: string | null; phone: string | null },
): Promise<NotificationPreferences> {
  const [pushDevices, pushKey] = await Promise.all([deps.push.countOf(principal.userId), deps.pushKey()]);
  return {
    ...channels,
    reachable: { email: contacts.email !== null, sms: contacts.phone !== null },
    pushDevices,
    pushKey,
  };
}
