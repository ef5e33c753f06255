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
import { requireRole } from '../../plugins/access-control.ts';
import { createLocation } from './create-location.ts';
import { deleteLocation } from './delete-location.ts';
import { getLocation } from './get-location.ts';
import { listLocations } from './list-locations.ts';
import type { LocationsRepository } from './locations-repository.ts';
import { updateLocation } from './update-location.ts';

const errors = { 400: ZErrorResponseSchema, 404: ZErrorResponseSchema };
const writeErrors = {
  ...errors,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
};
const operatorOnly = requireRole('operator');

/** The specification's locations resource (§7): reads are public, writes are for operators. */
export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsRepository }> = async (app, deps) => {
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
    async (request, reply) => reply.status(201).send({ data: await createLocation(deps, request.body) }),
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
    async (request) => ({ data: await updateLocation(deps, request.params.id, request.body) }),
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
    async (request) => ({ data: await deleteLocation(deps, request.params.id) }),
  );
};
