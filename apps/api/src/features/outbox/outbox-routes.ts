import { listOutboxEndpoint } from '@malewa/contracts/operator/list-outbox';
import { retryMessageEndpoint } from '@malewa/contracts/operator/retry-message';
import type { FastifyPluginAsync } from 'fastify';
import { type RetryMessageDeps, retryMessage } from '#api/flows/retry-message.ts';
import type { OutboxRepository } from '#api/messages/outbox-repository.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { listOutbox } from './list-outbox.ts';

/**
 * The outbox in the operator console: the messages given up on after their tries (dead) with
 * the queue's counts, and a dead one sent again (logged).
 */
export const operatorOutboxRoutes: FastifyPluginAsync<
  RetryMessageDeps & { outbox: Pick<OutboxRepository, 'listDead' | 'stats' | 'lockDead' | 'requeueDead'> }
> = async (app, deps) => {
  registerEndpoint(app, listOutboxEndpoint, { handler: (request) => listOutbox(deps, request.query) });
  registerEndpoint(app, retryMessageEndpoint, {
    handler: async (request) => ({ data: await retryMessage(deps, principalOf(request), request.params.id) }),
  });
};
