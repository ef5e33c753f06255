import type { Location } from '@malewa/contracts/locations/location';
import { AppError } from '#api/app-error.ts';
import type { LocationsRepository } from './locations-repository.ts';

export async function getLocation(deps: { locations: LocationsRepository }, id: string): Promise<Location> {
  const location = await deps.locations.findById(id);
  if (!location) throw new AppError('NOT_FOUND', 'This location does not exist.');
  return location;
}
