import { createContactMessageEndpoint } from '@malewa/contracts/contact/create-contact-message';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { ContactRepository } from './contact-repository.ts';
import { createContactMessage } from './create-contact-message.ts';

/** The contact page's messages to the support team; anyone may send one, a few at a time. */
export const contactRoutes: FastifyPluginAsync<{ contact: ContactRepository }> = async (app, deps) => {
  registerEndpoint(app, createContactMessageEndpoint, {
    handler: async (request) => ({
      data: await createContactMessage(deps, request.body, request.clientAddress),
    }),
  });
};
