import { createLocationEndpoint } from '@malewa/contracts/locations/create-location';
import { deleteLocationEndpoint } from '@malewa/contracts/locations/delete-location';
import { getLocationEndpoint } from '@malewa/contracts/locations/get-location';
import { listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import { updateLocationEndpoint } from '@malewa/contracts/locations/update-location';
import type { FastifyPluginAsync } from 'fastify';
import {
  createLocationLogged,
  deleteLocationLogged,
  type LocationWriteDeps,
  updateLocationLogged,
} from '#api/flows/location-writes.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { getLocation } from './get-location.ts';
import { listLocations } from './list-locations.ts';
import type { LocationsRepository } from './locations-repository.ts';

/**
 * The locations resource: reads are public, writes are for operators and each is in the audit
 * log (flows/location-writes.ts).
 */
export const locationsRoutes: FastifyPluginAsync<{
  locations: LocationsRepository;
  writes: LocationWriteDeps;
}> = async (app, deps) => {
  registerEndpoint(app, listLocationsEndpoint, { handler: (request) => listLocations(deps, request.query) });
  registerEndpoint(app, getLocationEndpoint, {
    handler: async (request) => ({ data: await getLocation(deps, request.params.id) }),
  });
  registerEndpoint(app, createLocationEndpoint, {
    handler: async (request) => ({
      data: await createLocationLogged(deps.writes, principalOf(request), request.body),
    }),
  });
  registerEndpoint(app, updateLocationEndpoint, {
    handler: async (request) => ({
      data: await updateLocationLogged(deps.writes, principalOf(request), request.params.id, request.body),
    }),
  });
  registerEndpoint(app, deleteLocationEndpoint, {
    handler: async (request) => ({
      data: await deleteLocationLogged(deps.writes, principalOf(request), request.params.id),
    }),
  });
};
