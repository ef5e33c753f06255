import { addPushSubscriptionEndpoint } from '@malewa/contracts/account/add-push-subscription';
import { getNotificationPreferencesEndpoint } from '@malewa/contracts/account/get-notification-preferences';
import { removePushSubscriptionEndpoint } from '@malewa/contracts/account/remove-push-subscription';
import { updateNotificationPreferencesEndpoint } from '@malewa/contracts/account/update-notification-preferences';
import { listNotificationsEndpoint } from '@malewa/contracts/notifications/list-notifications';
import { markAllNotificationsReadEndpoint } from '@malewa/contracts/notifications/mark-all-notifications-read';
import { markNotificationReadEndpoint } from '@malewa/contracts/notifications/mark-notification-read';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '#api/clock.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { addPushSubscription } from './add-push-subscription.ts';
import { getNotificationPreferences } from './get-notification-preferences.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import type { NotificationsRepository } from './notifications-repository.ts';
import type { PushRepository } from './push-repository.ts';
import { removePushSubscription } from './remove-push-subscription.ts';
import { updateNotificationPreferences } from './update-notification-preferences.ts';

/**
 * The signed-in user's notifications (the bell), how they want to hear about their orders
 * besides it, and the browsers that receive them by Web Push.
 */
export const notificationsRoutes: FastifyPluginAsync<
  TransactionDeps & {
    notifications: NotificationsRepository;
    push: PushRepository;
    pushKey: () => Promise<string>;
    now?: Clock | undefined;
  }
> = async (app, deps) => {
  registerEndpoint(app, listNotificationsEndpoint, {
    handler: (request) => listNotifications(deps, principalOf(request), request.query),
  });
  registerEndpoint(app, markAllNotificationsReadEndpoint, {
    handler: async (request) => ({ data: await markAllNotificationsRead(deps, principalOf(request)) }),
  });
  registerEndpoint(app, markNotificationReadEndpoint, {
    handler: async (request) => ({ data: await markNotificationRead(deps, principalOf(request), request.params.id) }),
  });
  registerEndpoint(app, getNotificationPreferencesEndpoint, {
    handler: async (request) => ({ data: await getNotificationPreferences(deps, principalOf(request)) }),
  });
  registerEndpoint(app, updateNotificationPreferencesEndpoint, {
    handler: async (request) => ({
      data: await updateNotificationPreferences(deps, principalOf(request), request.body),
    }),
  });
  registerEndpoint(app, addPushSubscriptionEndpoint, {
    handler: async (request) => ({ data: await addPushSubscription(deps, principalOf(request), request.body) }),
  });
  registerEndpoint(app, removePushSubscriptionEndpoint, {
    handler: async (request) => ({
      data: await removePushSubscription(deps, principalOf(request), request.body.endpoint),
    }),
  });
};
