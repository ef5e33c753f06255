import type {
  ListCatalogEntriesRequest,
  ListCatalogEntriesResponse,
} from '@malewa/contracts/catalog/list-catalog-entries';
import type { CatalogDeps } from './catalog-scope.ts';

/**
 * Every entry a shopper can open, whatever the market, for the storefront's sitemap: active
 * providers, then the items they sell, in a stable order so the pages never overlap.
 */
export async function listCatalogEntries(
  deps: CatalogDeps,
  request: ListCatalogEntriesRequest,
): Promise<ListCatalogEntriesResponse> {
  const { perPage } = request;
  const { rows, total } = await deps.catalog.listEntries((request.page - 1) * perPage, perPage);
  return {
    data: rows.map((row) => ({
      service: row.service,
      type: row.type,
      slug: row.slug,
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
    meta: { page: request.page, perPage, total, totalPages: Math.ceil(total / perPage) },
  };
}
