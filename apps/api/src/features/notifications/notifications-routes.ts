import { listNotificationsEndpoint } from '@malewa/contracts/notifications/list-notifications';
import { markAllNotificationsReadEndpoint } from '@malewa/contracts/notifications/mark-all-notifications-read';
import { markNotificationReadEndpoint } from '@malewa/contracts/notifications/mark-notification-read';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

/** The signed-in user's notifications (welcome, account confirmed, password changed, new sign-in). */
export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsRepository }> = async (
  app,
  deps,
) => {
  registerEndpoint(app, listNotificationsEndpoint, {
    handler: (request) => listNotifications(deps, principalOf(request), request.query),
  });
  registerEndpoint(app, markAllNotificationsReadEndpoint, {
    handler: async (request) => ({ data: await markAllNotificationsRead(deps, principalOf(request)) }),
  });
  registerEndpoint(app, markNotificationReadEndpoint, {
    handler: async (request) => ({ data: await markNotificationRead(deps, principalOf(request), request.params.id) }),
  });
};
