import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Header parameters as HTTP and our documentation spell them (Node gives routes lower case). */
const HEADER_NAMES: Record<string, string> = {
  'x-store-id': 'X-STORE-ID',
  'x-store-location': 'X-STORE-LOCATION',
  'x-cart-token': 'X-Cart-Token',
  'idempotency-key': 'Idempotency-Key',
  'last-event-id': 'Last-Event-ID',
  'accept-language': 'Accept-Language',
};

interface Parameter {
  in?: string;
  name?: string;
}

function spellHeaders<T extends object>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, { parameters?: Parameter[] }>> }).paths ?? {};
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'header' && parameter.name)
          parameter.name = HEADER_NAMES[parameter.name] ?? parameter.name;
      }
    }
  }
  return doc;
}

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
    transformObject: (documentObject) =>
      spellHeaders('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
