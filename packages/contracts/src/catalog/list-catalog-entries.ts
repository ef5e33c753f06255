import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ITEM_TYPES, SERVICE_IDS } from './vocabulary.ts';

/** Entries per page: a sitemap file per language holds one page (5,000 URLs, about 500 KB). */
export const CATALOG_ENTRIES_PER_PAGE = 5000;

export const ZListCatalogEntriesRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Fewer per page (the sitemap index asks for 1, to learn the total). */
  perPage: z.coerce.number().int().min(1).max(CATALOG_ENTRIES_PER_PAGE).default(CATALOG_ENTRIES_PER_PAGE),
});
export type ListCatalogEntriesRequest = z.infer<typeof ZListCatalogEntriesRequestSchema>;

/** A provider (`type` null) or an item that a shopper can open, in any market: the sitemap's lines. */
export const ZCatalogEntrySchema = z.object({
  service: z.enum(SERVICE_IDS),
  type: z.enum(ITEM_TYPES).nullable(),
  slug: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CatalogEntry = z.infer<typeof ZCatalogEntrySchema>;

/** Every active provider and every item of one, all markets, providers first, a page at a time. */
export const ZListCatalogEntriesResponseSchema = z.object({
  data: z.array(ZCatalogEntrySchema),
  meta: z.object({
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  }),
});
export type ListCatalogEntriesResponse = z.infer<typeof ZListCatalogEntriesResponseSchema>;

export const listCatalogEntriesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/catalog/entries',
  tags: ['catalog'],
  summary: 'Every provider and item a shopper can open, all markets, a page at a time (the sitemap)',
  access: 'anyone',
  query: ZListCatalogEntriesRequestSchema,
  success: { 200: ZListCatalogEntriesResponseSchema },
  refusals: [400],
});
