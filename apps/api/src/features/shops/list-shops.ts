import { listMeta } from '@malewa/contracts/envelope';
import type { ListProvidersRequest } from '@malewa/contracts/operator/providers';
import type { ShopAdminRepository } from './shop-admin-repository.ts';

/** Every shop for operators: by name or slug, service, state and market; by name unless asked otherwise. */
export async function listShops(deps: { shops: ShopAdminRepository }, query: ListProvidersRequest) {
  const { rows, total } = await deps.shops.list({
    searchKeyword: query.searchKeyword,
    service: query.service,
    status: query.status,
    countryCode: query.countryCode,
    sortBy: query.sortBy,
    order: query.order,
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return { data: rows, meta: listMeta(query.page, query.perPage, total) };
}
