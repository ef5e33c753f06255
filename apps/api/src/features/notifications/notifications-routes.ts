import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  ZListNotificationsRequestSchema,
  ZListNotificationsResponseSchema,
} from '@malewa/contracts/notifications/list-notifications';
import { ZMarkAllNotificationsReadResponseSchema } from '@malewa/contracts/notifications/mark-all-notifications-read';
import {
  ZMarkNotificationReadRequestSchema,
  ZMarkNotificationReadResponseSchema,
} from '@malewa/contracts/notifications/mark-notification-read';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

const E = ZErrorResponseSchema;

/** The signed-in user's notifications (welcome, account confirmed, password changed, new sign-in). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsRepository }> = async (
  app,
  deps,
) => {
  app.get(
    '/notifications',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['notifications'],
        summary: 'My notifications, newest first (meta.unread: how many are unread)',
        querystring: ZListNotificationsRequestSchema,
        response: { 200: ZListNotificationsResponseSchema, 400: E, 401: E },
      },
    },
    (request) => listNotifications(deps, principalOf(request), request.query),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: ZMarkAllNotificationsReadResponseSchema, 401: E },
      },
    },
    async (request) => ({ data: await markAllNotificationsRead(deps, principalOf(request)) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: ZMarkNotificationReadRequestSchema,
        response: { 200: ZMarkNotificationReadResponseSchema, 400: E, 401: E, 404: E },
      },
    },
    async (request) => ({ data: await markNotificationRead(deps, principalOf(request), request.params.id) }),
  );
};
