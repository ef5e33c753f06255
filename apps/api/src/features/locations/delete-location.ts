import { AppError } from '#api/app-error.ts';
import type { LocationsRepository } from './locations-repository.ts';

export async function deleteLocation(
  deps: { locations: LocationsRepository },
  id: string,
): Promise<{ id: string; deleted: true }> {
  // Checked first for a clear message; the foreign key still guards against a concurrent insert.
  if ((await deps.locations.countAreas(id)) > 0) {
    throw new AppError('CONFLICT', 'This city still has areas: move or delete them first.');
  }
  const removed = await deps.locations.remove(id);
  if (!removed) throw new AppError('NOT_FOUND', 'This location does not exist.');
  return { id, deleted: true };
}
