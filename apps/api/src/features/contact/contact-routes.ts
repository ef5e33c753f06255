import {
  ZCreateContactMessageRequestSchema,
  ZCreateContactMessageResponseSchema,
} from '@malewa/contracts/contact/create-contact-message';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactRepository } from './contact-repository.ts';
import { createContactMessage } from './create-contact-message.ts';

/** The contact page's messages to the support team; anyone may send one, a few at a time. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactRepository }> = async (app, deps) => {
  app.post(
    '/contact-messages',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the support team',
        description:
          'Needs an email address or a phone number (or both). One client address may send 5 messages in ' +
          '10 minutes; the next is a 429 with Retry-After. The client address is taken from X-Forwarded-For ' +
          'only when the request comes from a proxy listed in TRUST_PROXY.',
        body: ZCreateContactMessageRequestSchema,
        response: {
          201: ZCreateContactMessageResponseSchema,
          400: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createContactMessage(deps, request.body, request.clientAddress) }),
  );
};
