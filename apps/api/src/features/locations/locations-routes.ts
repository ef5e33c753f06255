import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  ZCreateLocationRequestSchema,
  ZCreateLocationResponseSchema,
} from '@malewa/contracts/locations/create-location';
import { ZDeleteLocationResponseSchema } from '@malewa/contracts/locations/delete-location';
import { ZGetLocationRequestSchema, ZGetLocationResponseSchema } from '@malewa/contracts/locations/get-location';
import { ZListLocationsRequestSchema, ZListLocationsResponseSchema } from '@malewa/contracts/locations/list-locations';
import {
  ZUpdateLocationRequestSchema,
  ZUpdateLocationResponseSchema,
} from '@malewa/contracts/locations/update-location';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createLocationLogged,
  deleteLocationLogged,
  type LocationWriteDeps,
  updateLocationLogged,
} from '../../flows/location-writes.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import { getLocation } from './get-location.ts';
import { listLocations } from './list-locations.ts';
import type { LocationsRepository } from './locations-repository.ts';

const errors = { 400: ZErrorResponseSchema, 404: ZErrorResponseSchema };
const writeErrors = {
  ...errors,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
};
const operatorOnly = requireRole('operator');

/**
 * The specification's locations resource (§7): reads are public, writes are for operators and
 * each is in the audit log (flows/location-writes.ts).
 */
export const locationsRoutes: FastifyPluginAsyncZod<{
  locations: LocationsRepository;
  writes: LocationWriteDeps;
}> = async (app, deps) => {
  app.get(
    '/locations',
    {
      schema: {
        tags: ['locations'],
        summary: 'List locations',
        querystring: ZListLocationsRequestSchema,
        response: { 200: ZListLocationsResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    (request) => listLocations(deps, request.query),
  );

  app.get(
    '/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'One location',
        params: ZGetLocationRequestSchema,
        response: { 200: ZGetLocationResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getLocation(deps, request.params.id) }),
  );

  app.post(
    '/locations',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['locations'],
        summary: 'Create a location (operators)',
        body: ZCreateLocationRequestSchema,
        response: { 201: ZCreateLocationResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createLocationLogged(deps.writes, principalOf(request), request.body) }),
  );

  app.put(
    '/locations/:id',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['locations'],
        summary: 'Replace a location (operators)',
        params: ZGetLocationRequestSchema,
        body: ZUpdateLocationRequestSchema,
        response: { 200: ZUpdateLocationResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      data: await updateLocationLogged(deps.writes, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/locations/:id',
    {
      onRequest: operatorOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['locations'],
        summary: 'Delete a location (operators)',
        params: ZGetLocationRequestSchema,
        response: { 200: ZDeleteLocationResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({ data: await deleteLocationLogged(deps.writes, principalOf(request), request.params.id) }),
  );
};
