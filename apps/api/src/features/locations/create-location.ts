import type { CreateLocationRequest } from '@malewa/contracts/locations/create-location';
import type { Location } from '@malewa/contracts/locations/location';
import { type ClockDeps, clock } from '#api/clock.ts';
import { getLocation } from './get-location.ts';
import type { LocationsRepository } from './locations-repository.ts';
import { settleLocation } from './settle-location.ts';

export async function createLocation(
  deps: { locations: LocationsRepository } & ClockDeps,
  input: CreateLocationRequest,
): Promise<Location> {
  const record = await settleLocation(deps, input);
  const id = await deps.locations.insert(record, clock(deps));
  return getLocation(deps, id);
}
