import type { Page } from './catalog-repository.ts';

/** Each sort field's natural direction: best, nearest, newest and most popular first. */
const NATURAL_ORDER: Record<string, 'asc' | 'desc'> = {
  name: 'asc',
  price: 'asc',
  distance: 'asc',
  rating: 'desc',
  newest: 'desc',
  popularity: 'desc',
};

/**
 * The page and sort of a list: without `sortBy`, nearest first when the shopper's point is
 * known, else most popular; without `order`, the field's natural direction.
 */
export function pageOf(
  query: { page: number; perPage: number; sortBy?: string | undefined; order?: 'asc' | 'desc' | undefined },
  hasPoint: boolean,
): Page {
  const field = query.sortBy ?? (hasPoint ? 'distance' : 'popularity');
  return {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
    sort: { field, order: query.order ?? NATURAL_ORDER[field] ?? 'asc' },
  };
}
