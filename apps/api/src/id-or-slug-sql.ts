import type { items, providers } from '@malewa/db/schema/catalog';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';

// How a request names a shop or an item: by its id or its slug, whichever the caller has. Item
// and provider pages (`GET /api/{service}/{collection}/{idOrSlug}`), carts, "this one instead"
// and the featured lists all read a reference through these, so none takes only one of the two.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Named =
  | { id: typeof items.id; slug: typeof items.slug }
  | { id: typeof providers.id; slug: typeof providers.slug };

/** Whether a reference can be an id (a UUID); slugs never are one. */
export function mayBeId(reference: string): boolean {
  return UUID.test(reference);
}

/** The row whose id or slug is `reference`. */
export function byIdOrSlug(table: Named, reference: string): SQL {
  return mayBeId(reference)
    ? sql`(${table.id} = ${reference.toLowerCase()}::uuid or ${table.slug} = ${reference})`
    : eq(table.slug, reference);
}

/** The rows whose id or slug is one of `references` (none when there are none). */
export function byIdsOrSlugs(table: Named, references: readonly string[]): SQL | undefined {
  const ids = references.filter(mayBeId).map((reference) => reference.toLowerCase());
  return or(
    ...(references.length > 0 ? [inArray(table.slug, [...references])] : []),
    ...(ids.length > 0 ? [inArray(table.id, ids)] : []),
  );
}

/** Whether a row read by `byIdOrSlug` or `byIdsOrSlugs` is the one `reference` names. */
export function isNamedBy(row: { id: string; slug: string }, reference: string): boolean {
  return row.slug === reference || (mayBeId(reference) && row.id === reference.toLowerCase());
}
