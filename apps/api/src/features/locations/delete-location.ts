import { AppError } from '../../app-error.ts';
import type { LocationsRepository } from './locations-repository.ts';

export async function deleteLocation(
  deps: { locations: LocationsRepository },
  id: string,
): Promise<{ id: string; deleted: true }> {
  const removed = await deps.locations.remove(id);
  if (!removed) throw new AppError('NOT_FOUND', 'This location does not exist.');
  return { id, deleted: true };
}
