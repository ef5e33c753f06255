import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document (generated from the routes' Zod schemas) and its docs page. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Malewa API',
        description:
          'The auth API (under /auth) and the base API (under /api) of Malewa, a multi-service delivery marketplace. ' +
          'Success bodies are `{ data, meta? }`; errors are `{ errors: { message } }` or `{ errors: { <field>: [messages] } }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access token of a session' } },
      },
      tags: [
        { name: 'auth', description: 'Authentication API' },
        { name: 'account', description: 'The signed-in user’s account data' },
        { name: 'notifications', description: 'The signed-in user’s notifications' },
        { name: 'contact', description: 'Messages to the support team' },
        { name: 'locations', description: 'Cities and areas shoppers choose' },
        {
          name: 'carts',
          description:
            'One cart per shopper, service and market: Bearer for a signed-in shopper, X-Cart-Token for a guest',
        },
        { name: 'orders', description: 'Checkout and the signed-in shopper’s orders' },
        { name: 'provider', description: 'The provider console: orders of the caller’s own shops' },
        { name: 'system', description: 'Health and readiness probes' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
