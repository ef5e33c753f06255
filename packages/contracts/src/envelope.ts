import { z } from 'zod';
import { singleLine } from './text.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

export const ZListMetaSchema = z.object({
  page: z.number().int().min(1),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE),
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});

export type ListMeta = z.infer<typeof ZListMetaSchema>;

/** Success body of a single resource: `{ data }`. */
export function dataEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** Success body of a list: `{ data: [...], meta: { page, perPage, total, totalPages } }`. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ZListMetaSchema });
}

/**
 * A page of a list: `page` (from 1) and `perPage`, which above the cap is clamped rather than
 * refused, so an over-eager client still gets a page.
 */
export const ZPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
});

/**
 * The list query every collection accepts (docs/product/catalog.md, list queries). `sortBy` is
 * a closed set per resource: an unknown field is a 400, never a silent default.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return ZPageQuerySchema.extend({
    sortBy: z.enum(sortFields).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    searchKeyword: singleLine().trim().max(100).optional(),
  });
}

export function listMeta(page: number, perPage: number, total: number): ListMeta {
  return { page, perPage, total, totalPages: Math.ceil(total / perPage) };
}
