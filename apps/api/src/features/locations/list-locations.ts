import { listMeta } from '@malewa/contracts/envelope';
import type { ListLocationsRequest, ListLocationsResponse } from '@malewa/contracts/locations/list-locations';
import type { LocationsRepository } from './locations-repository.ts';

export async function listLocations(
  deps: { locations: LocationsRepository },
  query: ListLocationsRequest,
): Promise<ListLocationsResponse> {
  const { items, total } = await deps.locations.list({
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
    sortBy: query.sortBy,
    order: query.order,
    searchKeyword: query.searchKeyword || undefined,
  });
  return { data: items, meta: listMeta(query.page, query.perPage, total) };
}
