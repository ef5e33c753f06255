import { items, providers } from '@malewa/db/schema/catalog';
import { type SQL, sql } from 'drizzle-orm';

// What the storefront shows, said once for the catalog, search, carts and favorites. A shop an
// operator suspended (or has not approved yet) is out with everything it sells; an item its shop
// hid is out on its own. Orders are not storefront: they keep showing what they hold.
//
// Written with the literal 'active' rather than a parameter, so the planner can always use the
// partial index `providers_active_idx` (where status = 'active').

/** A provider the storefront shows. The query must read `providers`. */
export const shownProvider: SQL = sql`${providers.status} = 'active'`;

/** The item's half of `shownItem`, for a query that reads `items` before it joins the provider. */
export const unhiddenItem: SQL = sql`not ${items.hidden}`;

/** An item the storefront shows. The query must read `items` joined to its provider. */
export const shownItem: SQL = sql`(${shownProvider} and ${unhiddenItem})`;
