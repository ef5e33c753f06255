import type { Location } from '@malewa/contracts/locations/location';
import type { UpdateLocationRequest } from '@malewa/contracts/locations/update-location';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import { getLocation } from './get-location.ts';
import type { LocationsRepository } from './locations-repository.ts';
import { settleLocation } from './settle-location.ts';

export async function updateLocation(
  deps: { locations: LocationsRepository } & ClockDeps,
  id: string,
  input: UpdateLocationRequest,
): Promise<Location> {
  const current = await getLocation(deps, id);
  const record = await settleLocation(deps, input, current);
  const updated = await deps.locations.update(id, record, clock(deps));
  if (!updated) throw new AppError('NOT_FOUND', 'This location does not exist.');
  return getLocation(deps, id);
}
