import { listOrderMessagesEndpoint } from '@malewa/contracts/orders/list-order-messages';
import { sendOrderMessageEndpoint } from '@malewa/contracts/orders/send-order-message';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { listOrderMessages } from './list-order-messages.ts';
import { type SendOrderMessageDeps, sendOrderMessage } from './send-order-message.ts';

/** The order chat (issue 33): between an order's shopper, its shop and its rider. */
export const chatRoutes: FastifyPluginAsync<SendOrderMessageDeps> = async (app, deps) => {
  registerEndpoint(app, listOrderMessagesEndpoint, {
    handler: async (request) => ({
      data: await listOrderMessages(deps, principalOf(request), request.params.id, request.query.after),
    }),
  });
  registerEndpoint(app, sendOrderMessageEndpoint, {
    handler: async (request) => ({
      data: await sendOrderMessage(deps, principalOf(request), request.params.id, request.body),
    }),
  });
};
