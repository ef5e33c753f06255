import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  ZFeaturedListsResponseSchema,
  ZFeaturedQuerySchema,
  ZReplaceFeaturedRequestSchema,
} from '@malewa/contracts/operator/featured';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CurateFeaturedDeps, getFeaturedLists, replaceFeaturedLists } from '../../flows/curate-featured.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';

const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};

/** The operators' featured lists per market and service (issue 13 §2). */
export const operatorFeaturedRoutes: FastifyPluginAsyncZod<CurateFeaturedDeps> = async (app, deps) => {
  const operatorOnly = requireRole('operator');
  app.get(
    '/operator/featured',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'A service’s featured shops and items in a market, in order (operators)',
        querystring: ZFeaturedQuerySchema,
        response: { 200: ZFeaturedListsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getFeaturedLists(deps, request.query.countryCode, request.query.service) }),
  );

  app.put(
    '/operator/featured',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'Replace a service’s featured shops and items in a market, by slugs in order (operators; logged)',
        body: ZReplaceFeaturedRequestSchema,
        response: { 200: ZFeaturedListsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await replaceFeaturedLists(deps, principalOf(request), request.body) }),
  );
};
