import type { ItemOption, LocalizedText, WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import type { ItemType, ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { Db } from '@malewa/db/database';
import {
  experiences,
  featuredEntries,
  items,
  offers,
  providers,
  recipeIngredients,
  recipes,
} from '@malewa/db/schema/catalog';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { byIdOrSlug, byIdsOrSlugs } from '#api/id-or-slug-sql.ts';
import {
  type Bind,
  type Bound,
  bindValues,
  createPreparedStatements,
  type Values,
} from '#api/prepared-statements-sql.ts';
import { shownItem, shownProvider } from '#api/storefront-visibility-sql.ts';

/** A point on the map, in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

export interface Market {
  countryCode: string;
  currency: string;
  defaultLocale: string;
  timezone: string;
}

/** What every list query is scoped by. */
export interface Scope {
  countryCode: string;
  /** One service, or 'all' (the map, search across services). */
  service: string;
  /** The shopper's point: only providers delivering there, each with its distance. */
  point: Point | undefined;
  /** Providers are listed whatever their radius (recipes are read, not delivered). */
  ignoreRadius?: boolean;
  /** The language order to sort names by: requested, market, English. */
  languages: readonly string[];
  now: Date;
}

export interface CommonFilters {
  searchKeyword?: string | undefined;
  category?: string | undefined;
  tags?: readonly string[] | undefined;
  dietary?: readonly string[] | undefined;
  ratingMin?: number | undefined;
  openNow?: boolean | undefined;
  maxDistanceKm?: number | undefined;
  /** Only these (providers' ids for providers, items' for items): an operator's featured list. */
  ids?: readonly string[] | undefined;
  /** Not these: the featured list's own, when filling the rest of the shelf. */
  exceptIds?: readonly string[] | undefined;
}

export interface Page {
  offset: number;
  limit: number;
  sort: { field: string; order: 'asc' | 'desc' };
}

export interface ProviderRow {
  id: string;
  slug: string;
  service: string;
  kind: string;
  name: string;
  description: LocalizedText;
  city: string;
  area: string;
  street: string;
  latitude: number;
  longitude: number;
  cuisines: string[];
  hours: WeeklyHours;
  closedDates: string[];
  byAppointment: boolean;
  ratingAverage: number;
  ratingCount: number;
  minimumOrder: number;
  prepMinutes: number;
  deliveryRadiusKm: number;
  deliveryFeeBase: number;
  deliveryFeePerKm: number;
  freeDeliveryAbove: number | null;
  coverImages: string[];
  timezone: string;
  /** Paused by its provider: listed, taking no orders. */
  paused: boolean;
  openNow: boolean;
  distanceKm: number | null;
}

/** Of an item's provider, what the item's card says: who sells it and delivery from there. */
export type ItemProviderRow = Pick<
  ProviderRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'ratingAverage'
  | 'ratingCount'
  | 'openNow'
  | 'paused'
  | 'distanceKm'
  | 'deliveryRadiusKm'
  | 'deliveryFeeBase'
  | 'deliveryFeePerKm'
  | 'freeDeliveryAbove'
  | 'prepMinutes'
>;

/** What an item's card says (present-catalog.ts `itemCard`): lists, search and shelves read only this. */
export interface ItemCardRow {
  id: string;
  slug: string;
  service: string;
  type: string;
  name: LocalizedText;
  category: string;
  tags: string[];
  dietary: string[];
  price: number;
  currency: string;
  unit: string;
  stepMilli: number;
  stock: number | null;
  available: boolean;
  images: string[];
  provider: ItemProviderRow;
}

/** An item whole, for its own page and the recipes' sellers. */
export interface ItemRow extends ItemCardRow {
  productKey: string | null;
  description: LocalizedText;
  options: ItemOption[];
  nutrition: Record<string, number> | null;
  provider: ProviderRow;
}

const EARTH_RADIUS_KM = 6371;

/** A point whose degrees may be a prepared statement's placeholders. */
interface PointSlots {
  latitude: Bound;
  longitude: Bound;
}

/** When and where a statement reads: the scope's moment (ISO) and the shopper's point. */
export interface ScopeSlots {
  now: Bound;
  point: PointSlots | undefined;
}

function scopeSlots(scope: Scope): ScopeSlots {
  return { now: scope.now.toISOString(), point: scope.point };
}

/**
 * A page whose rows each carry the window's count of all matches (`total`, 0 when there are no
 * rows), and that count. The rows keep their copy: the cards take their fields one by one, so it
 * goes no further, and copying every row without it cost more than the rest of the mapping.
 */
export function countedPage<Row extends { total: number }>(rows: Row[]): { rows: Row[]; total: number } {
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Great-circle distance in km from a point to the provider's (haversine: the same SQL on PGlite). */
export function distanceKm(point: PointSlots): SQL<number> {
  return sql<number>`(${EARTH_RADIUS_KM} * 2 * asin(sqrt(
    power(sin(radians(${providers.latitude} - ${point.latitude}) / 2), 2)
    + cos(radians(${point.latitude})) * cos(radians(${providers.latitude}))
    * power(sin(radians(${providers.longitude} - ${point.longitude}) / 2), 2))))`;
}

/** The provider's distance from the shopper's point, or null where the point is unknown. */
function distanceFrom(point: PointSlots | undefined): SQL<number | null> {
  return point ? distanceKm(point) : sql<null>`null::double precision`;
}

/**
 * Whether the provider is open at `now` in the market's time zone: not one of its closed days,
 * and within the weekday's ranges of [open, close] minutes (Monday is 0). Providers by
 * appointment are never "open now".
 */
export function openAt(now: Bound): SQL<boolean> {
  const local = sql`(${now}::timestamptz at time zone ${marketplaces.timezone})`;
  const minute = sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))`;
  return sql<boolean>`(not ${providers.paused} and not ${providers.byAppointment}
    and not (${local}::date = any(${providers.closedDates})) and exists (
    select 1 from jsonb_array_elements(${providers.hours} -> (extract(isodow from ${local})::int - 1)) as range
    where (range ->> 0)::int <= ${minute} and ${minute} < (range ->> 1)::int))`;
}

/** `%keyword%` with the keyword's own % and _ taken literally. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A localized jsonb text in the first language it has of `languages`, for sorting. */
function localizedName(column: SQL | typeof items.name, languages: readonly Bound[]): SQL<string> {
  const picks = [...languages.map((lang) => sql`${column} ->> ${lang}`), sql`${column} ->> 'en'`];
  return sql<string>`lower(coalesce(${sql.join(picks, sql`, `)}))`;
}

/** Whether any language's text of the column is like `pattern` (a `containing` one). */
function anyTextMatches(column: typeof items.name | typeof providers.description, pattern: Bound): SQL {
  return sql`exists (select 1 from jsonb_each_text(${column}) as t where t.value ilike ${pattern})`;
}

/**
 * A provider's columns. `withImage`: the icons its cover is drawn from, those of its three most
 * ordered items (a subquery per row, so item lists, whose cards show the item's own picture,
 * leave it out).
 */
export function providerSelection(scope: Scope, withImage = true) {
  return providerColumns(scopeSlots(scope), withImage);
}

export function providerColumns(at: ScopeSlots, withImage: boolean) {
  return {
    id: providers.id,
    slug: providers.slug,
    service: providers.service,
    kind: providers.kind,
    name: providers.name,
    description: providers.description,
    city: locations.name,
    area: providers.area,
    street: providers.street,
    latitude: providers.latitude,
    longitude: providers.longitude,
    cuisines: providers.cuisines,
    hours: providers.hours,
    closedDates: providers.closedDates,
    byAppointment: providers.byAppointment,
    ratingAverage: providers.ratingAverage,
    ratingCount: providers.ratingCount,
    minimumOrder: providers.minimumOrder,
    prepMinutes: providers.prepMinutes,
    deliveryRadiusKm: providers.deliveryRadiusKm,
    deliveryFeeBase: providers.deliveryFeeBase,
    deliveryFeePerKm: providers.deliveryFeePerKm,
    freeDeliveryAbove: providers.freeDeliveryAbove,
    coverImages: withImage
      ? sql<string[]>`(select coalesce(array_agg(best.icon order by best.orders desc, best.icon), '{}'::text[])
      from (select i.images[1] as icon, max(i.order_count) as orders from ${items} i
        where i.provider_id = ${providers.id} and i.images[1] is not null
        group by 1 order by 2 desc, 1 limit 3) best)`
      : sql<string[]>`'{}'::text[]`,
    timezone: marketplaces.timezone,
    paused: providers.paused,
    openNow: openAt(at.now),
    distanceKm: distanceFrom(at.point),
  };
}

/** The item's own columns a card shows: the same for every request, so made once. */
const ITEM_CARD_COLUMNS = {
  id: items.id,
  slug: items.slug,
  service: items.service,
  type: items.type,
  name: items.name,
  category: items.category,
  tags: items.tags,
  dietary: items.dietary,
  price: items.price,
  currency: items.currency,
  unit: items.unit,
  stepMilli: items.stepMilli,
  stock: items.stock,
  available: items.available,
  images: items.images,
};

/**
 * An item card's columns. A list of fifteen read every column of the item and its provider
 * (descriptions in every language, options, hours): twice the columns to send, parse and map
 * for what the card does not show.
 */
export function itemCardSelection(scope: Scope) {
  return itemCardColumns(scopeSlots(scope));
}

export function itemCardColumns(at: ScopeSlots) {
  return {
    ...ITEM_CARD_COLUMNS,
    provider: {
      id: providers.id,
      slug: providers.slug,
      name: providers.name,
      ratingAverage: providers.ratingAverage,
      ratingCount: providers.ratingCount,
      openNow: openAt(at.now),
      paused: providers.paused,
      distanceKm: distanceFrom(at.point),
      deliveryRadiusKm: providers.deliveryRadiusKm,
      deliveryFeeBase: providers.deliveryFeeBase,
      deliveryFeePerKm: providers.deliveryFeePerKm,
      freeDeliveryAbove: providers.freeDeliveryAbove,
      prepMinutes: providers.prepMinutes,
    },
  };
}

/** An item whole, with its provider whole. */
export function itemSelection(scope: Scope) {
  return {
    ...ITEM_CARD_COLUMNS,
    productKey: items.productKey,
    description: items.description,
    options: items.options,
    nutrition: items.nutrition,
    provider: providerSelection(scope, false),
  };
}

/**
 * A list's request values by name. Its statement reads each through a placeholder of that name,
 * prepared once per shape (`listShape` and which values are present) and run with these; statements made per request
 * (the facets' counts) read the values themselves.
 */
interface ListValues {
  country: string;
  /** The moment of the read, ISO: open now. */
  now: string;
  /** The language order names sort by: placeholders lang0, lang1, … */
  languages: readonly string[];
  /** Absent for every service ('all'). */
  service?: string;
  lat?: number;
  lng?: number;
  /** The box around the point that the radius is checked in (absent when radii do not count). */
  latMin?: number;
  latMax?: number;
  lngMin?: number;
  lngMax?: number;
  maxDistanceKm?: number;
  ratingMin?: number;
  ids?: readonly string[];
  exceptIds?: readonly string[];
  /** `%keyword%`, its own % and _ escaped. */
  keyword?: string;
  category?: string;
  tags?: readonly string[];
  dietary?: readonly string[];
  types?: readonly string[];
  priceMin?: number;
  priceMax?: number;
  productKeys?: readonly string[];
  provider?: string;
  limit?: number;
  offset?: number;
}

/** A list's values as its statement reads them (prepared-statements-sql.ts `Bind`). */
type ListSlots = { [K in keyof Omit<ListValues, 'languages'>]: Bound } & { languages: readonly Bound[] };

/** What a list's SQL is made of besides its values: the same key, the same statement. */
interface ListShape {
  openNow: boolean;
  /** The provider filter is an id or slug (else a slug). */
  providerById: boolean;
  sort: Page['sort'] | undefined;
}

function scopeValues(scope: Scope, filters: CommonFilters): ListValues {
  const values: ListValues = { country: scope.countryCode, now: scope.now.toISOString(), languages: scope.languages };
  if (scope.service !== 'all') values.service = scope.service;
  if (scope.point) {
    values.lat = scope.point.latitude;
    values.lng = scope.point.longitude;
    if (!scope.ignoreRadius) {
      // A box around the point first (about 0.5° ≈ 55 km, more than any radius), so an index can help.
      const latSpan = 0.5;
      const lngSpan = 0.5 / Math.max(0.2, Math.cos((scope.point.latitude * Math.PI) / 180));
      values.latMin = scope.point.latitude - latSpan;
      values.latMax = scope.point.latitude + latSpan;
      values.lngMin = scope.point.longitude - lngSpan;
      values.lngMax = scope.point.longitude + lngSpan;
    }
    if (filters.maxDistanceKm !== undefined) values.maxDistanceKm = filters.maxDistanceKm;
  }
  if (filters.ratingMin !== undefined) values.ratingMin = filters.ratingMin;
  if (filters.ids) values.ids = filters.ids;
  if (filters.exceptIds?.length) values.exceptIds = filters.exceptIds;
  if (filters.searchKeyword) values.keyword = containing(filters.searchKeyword);
  return values;
}

function pageValues(values: ListValues, page: Page): ListValues {
  return { ...values, limit: page.limit, offset: page.offset };
}

/** The values a list's statement is run with, each language its own (lang0, lang1, …). */
function flatValues(values: ListValues): Values {
  const { languages, ...named } = values;
  const flat: Values = { ...named };
  languages.forEach((lang, index) => {
    flat[`lang${index}`] = lang;
  });
  return flat;
}

/** The list's values as its statement reads them: through `bind`, by name. */
function slotsOf(values: ListValues, bind: Bind): ListSlots {
  const slots: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && name !== 'languages') slots[name] = bind(name);
  }
  slots.languages = values.languages.map((_, index) => bind(`lang${index}`));
  return slots as ListSlots;
}

/** What a list's SQL is made of besides which values it has. */
function listShape(shape: ListShape): string {
  return `${shape.openNow} ${shape.providerById} ${shape.sort?.field} ${shape.sort?.order}`;
}

function pointOf(v: ListSlots): PointSlots | undefined {
  return v.lat !== undefined && v.lng !== undefined ? { latitude: v.lat, longitude: v.lng } : undefined;
}

/** Conditions every listed provider meets: the market, the service, active, delivering to the point. */
function providerScope(v: ListSlots, openNow: boolean): SQL[] {
  const where: SQL[] = [sql`${providers.countryCode} = ${v.country}`, shownProvider];
  if (v.service !== undefined) where.push(sql`${providers.service} = ${v.service}`);
  const point = pointOf(v);
  if (point && v.latMin !== undefined) {
    where.push(
      sql`${providers.latitude} between ${v.latMin} and ${v.latMax}`,
      sql`${providers.longitude} between ${v.lngMin} and ${v.lngMax}`,
      sql`${distanceKm(point)} <= ${providers.deliveryRadiusKm}`,
    );
  }
  if (point && v.maxDistanceKm !== undefined) where.push(sql`${distanceKm(point)} <= ${v.maxDistanceKm}`);
  if (v.ratingMin !== undefined) where.push(sql`${providers.ratingAverage} >= ${v.ratingMin}`);
  if (openNow) where.push(openAt(v.now));
  return where;
}

const PROVIDER_ORDER: Record<string, (v: ListSlots) => SQL> = {
  name: () => sql`lower(${providers.name})`,
  rating: () => sql`${providers.ratingAverage}`,
  distance: (v) => {
    const point = pointOf(v);
    return point ? distanceKm(point) : sql`${providers.ratingAverage} * -1`;
  },
  newest: () => sql`${providers.createdAt}`,
  popularity: () => sql`${providers.ratingCount}`,
};

const ITEM_ORDER: Record<string, (v: ListSlots) => SQL> = {
  ...PROVIDER_ORDER,
  name: (v) => localizedName(items.name, v.languages),
  price: () => sql`${items.price}`,
  newest: () => sql`${items.createdAt}`,
  popularity: () => sql`${items.orderCount}`,
};

function orderBy(order: Record<string, (v: ListSlots) => SQL>, v: ListSlots, page: Page, tieBreak: SQL): SQL[] {
  const expression = order[page.sort.field]?.(v) ?? sql`1`;
  return [page.sort.order === 'desc' ? sql`${expression} desc` : sql`${expression} asc`, tieBreak];
}

/**
 * The catalog's read model: lists, pages, search's neighbours, offers running and featured
 * lists, as the storefront shows them. It writes nothing: each table it reads is written by its
 * owner (providers by shops, items by listings, offers by offers, featured lists by
 * `featured-repository.ts`; ARCHITECTURE.md, "Who owns which table").
 */
export function createCatalogRepository(db: Db) {
  // The markets are reference data: seeded with the database, never edited by the product. Every
  // catalog read names one, so each is read once per process instead of once per request.
  const markets = new Map<string, Market>();

  async function market(countryCode: string): Promise<Market | undefined> {
    const known = markets.get(countryCode);
    if (known) return known;
    const [row] = await db.select().from(marketplaces).where(eq(marketplaces.countryCode, countryCode));
    if (!row) return undefined;
    const found = {
      countryCode: row.countryCode,
      currency: row.currencies[0] ?? 'USD',
      defaultLocale: row.defaultLocale,
      timezone: row.timezone,
    };
    markets.set(countryCode, found);
    return found;
  }

  const prepared = createPreparedStatements();

  /** The shopper's place (X-STORE-LOCATION): read on every catalog request the storefront makes. */
  async function location(id: string): Promise<(Point & { countryCode: string }) | undefined> {
    const [row] = await prepared('location', '', { id }, (bind) =>
      db
        .select({ latitude: locations.latitude, longitude: locations.longitude, countryCode: locations.countryCode })
        .from(locations)
        .where(and(sql`${locations.id} = ${bind('id')}::uuid`, eq(locations.isActive, true))),
    );
    return row;
  }

  async function listProviders(
    scope: Scope,
    filters: CommonFilters,
    page: Page,
  ): Promise<{ rows: ProviderRow[]; total: number }> {
    const values = pageValues(scopeValues(scope, filters), page);
    if (filters.category) values.category = filters.category;
    if (filters.tags?.length) values.tags = filters.tags;
    if (filters.dietary?.length) values.dietary = filters.dietary;
    const shape = { openNow: filters.openNow === true, providerById: false, sort: page.sort };
    const rows = await prepared('providers', listShape(shape), flatValues(values), (bind) => {
      const v = slotsOf(values, bind);
      const where = providerScope(v, shape.openNow);
      if (v.ids !== undefined) where.push(sql`${providers.id} = any(${v.ids}::uuid[])`);
      if (v.exceptIds !== undefined) where.push(sql`not (${providers.id} = any(${v.exceptIds}::uuid[]))`);
      if (v.keyword !== undefined) {
        where.push(
          sql`(${providers.name} ilike ${v.keyword} or ${anyTextMatches(providers.description, v.keyword)}
            or ${providers.area} ilike ${v.keyword})`,
        );
      }
      if (v.category !== undefined || v.tags !== undefined || v.dietary !== undefined) {
        // A provider matches when it sells at least one item that does.
        const itemWhere: SQL[] = [sql`i.provider_id = ${providers.id}`];
        if (v.category !== undefined) itemWhere.push(sql`i.category = ${v.category}`);
        if (v.tags !== undefined) itemWhere.push(sql`i.tags @> ${v.tags}::text[]`);
        if (v.dietary !== undefined) itemWhere.push(sql`i.dietary @> ${v.dietary}::text[]`);
        where.push(sql`exists (select 1 from ${items} i where ${sql.join(itemWhere, sql` and `)})`);
      }
      return db
        .select({
          ...providerColumns({ now: v.now, point: pointOf(v) }, true),
          total: sql<number>`cast(count(*) over () as integer)`,
        })
        .from(providers)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .innerJoin(locations, eq(locations.id, providers.locationId))
        .where(and(...where))
        .orderBy(...orderBy(PROVIDER_ORDER, v, page, sql`${providers.id}`))
        .limit(v.limit as number)
        .offset(v.offset as number);
    });
    return countedPage(rows);
  }

  async function listItems(
    scope: Scope,
    filters: CommonFilters & {
      types: readonly string[];
      priceMin?: number | undefined;
      priceMax?: number | undefined;
      provider?: string | undefined;
      productKeys?: readonly string[];
    },
    page: Page,
  ): Promise<{ rows: ItemCardRow[]; total: number }> {
    const values = pageValues(scopeValues(scope, filters), page);
    values.types = filters.types;
    if (filters.category) values.category = filters.category;
    if (filters.tags?.length) values.tags = filters.tags;
    if (filters.dietary?.length) values.dietary = filters.dietary;
    if (filters.priceMin !== undefined) values.priceMin = filters.priceMin;
    if (filters.priceMax !== undefined) values.priceMax = filters.priceMax;
    if (filters.productKeys) values.productKeys = filters.productKeys;
    if (filters.provider) values.provider = filters.provider;
    const shape = {
      openNow: filters.openNow === true,
      providerById: filters.provider !== undefined && /^[0-9a-f-]{36}$/.test(filters.provider),
      sort: page.sort,
    };
    const rows = await prepared('items', listShape(shape), flatValues(values), (bind) => {
      const v = slotsOf(values, bind);
      const where = providerScope(v, shape.openNow);
      where.push(shownItem, sql`${items.type} = any(${v.types}::text[])`);
      if (v.service !== undefined) where.push(sql`${items.service} = ${v.service}`);
      if (v.ids !== undefined) where.push(sql`${items.id} = any(${v.ids}::uuid[])`);
      if (v.exceptIds !== undefined) where.push(sql`not (${items.id} = any(${v.exceptIds}::uuid[]))`);
      if (v.keyword !== undefined) {
        where.push(
          sql`(${anyTextMatches(items.name, v.keyword)} or ${providers.name} ilike ${v.keyword}
            or ${items.category} ilike ${v.keyword})`,
        );
      }
      if (v.category !== undefined) where.push(sql`${items.category} = ${v.category}`);
      if (v.tags !== undefined) where.push(sql`${items.tags} @> ${v.tags}::text[]`);
      if (v.dietary !== undefined) where.push(sql`${items.dietary} @> ${v.dietary}::text[]`);
      if (v.priceMin !== undefined) where.push(sql`${items.price} >= ${v.priceMin}`);
      if (v.priceMax !== undefined) where.push(sql`${items.price} <= ${v.priceMax}`);
      if (v.productKeys !== undefined) where.push(sql`${items.productKey} = any(${v.productKeys}::text[])`);
      if (v.provider !== undefined) {
        where.push(
          shape.providerById
            ? sql`(${providers.id}::text = ${v.provider} or ${providers.slug} = ${v.provider})`
            : sql`${providers.slug} = ${v.provider}`,
        );
      }
      return db
        .select({
          ...itemCardColumns({ now: v.now, point: pointOf(v) }),
          total: sql<number>`cast(count(*) over () as integer)`,
        })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .where(and(...where))
        .orderBy(...orderBy(ITEM_ORDER, v, page, sql`${items.id}`))
        .limit(v.limit as number)
        .offset(v.offset as number);
    });
    return countedPage(rows);
  }

  /** One active provider of the market and service, by id or slug, whatever its radius. */
  async function findProvider(scope: Scope, idOrSlug: string): Promise<ProviderRow | undefined> {
    const [row] = await db
      .select(providerSelection(scope))
      .from(providers)
      .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
      .innerJoin(locations, eq(locations.id, providers.locationId))
      .where(
        and(
          eq(providers.countryCode, scope.countryCode),
          eq(providers.service, scope.service as 'food'),
          shownProvider,
          byIdOrSlug(providers, idOrSlug),
        ),
      );
    return row;
  }

  /**
   * Per category and per tag, how many items of the types (or, `per: 'providers'`, how many
   * providers selling them) the scope's lists hold.
   */
  async function countFacets(scope: Scope, types: readonly string[], per: 'items' | 'providers') {
    const scoped = scopeValues(scope, {});
    const where = and(
      ...providerScope(slotsOf(scoped, bindValues(flatValues(scoped))), false),
      shownItem,
      eq(items.countryCode, scope.countryCode),
      eq(items.service, scope.service as 'food'),
      inArray(items.type, types as 'meal'[]),
    );
    const counted = per === 'providers' ? sql`count(distinct provider_id)` : sql`count(*)`;
    const result = await db.execute<{ facet: 'category' | 'tag'; key: string; count: number | string }>(sql`
      with m as (
        select ${items.providerId} as provider_id, ${items.category} as category, ${items.tags} as tags
        from ${items} inner join ${providers} on ${providers.id} = ${items.providerId}
        where ${where}
      )
      select 'category' as facet, category as key, ${counted} as count from m group by category
      union all select 'tag', tag, ${counted} from m, unnest(m.tags) as tag group by tag`);
    return (result as unknown as { rows: { facet: 'category' | 'tag'; key: string; count: number | string }[] }).rows;
  }

  /** Active providers (type null), then their items, all markets: `limit` from `offset`, and how many in all. */
  async function listEntries(offset: number, limit: number) {
    type Entry = { service: ServiceId; type: ItemType | null; slug: string; updatedAt: string | Date };
    const result = await db.execute<Entry & { total: number | string }>(sql`
      with entries as (
        select 0 as part, ${providers.id} as id, ${providers.service} as service, null::text as type,
               ${providers.slug} as slug, ${providers.updatedAt} as updated_at
        from ${providers} where ${shownProvider}
        union all
        select 1, ${items.id}, ${items.service}, ${items.type}, ${items.slug}, ${items.updatedAt}
        from ${items} inner join ${providers} on ${providers.id} = ${items.providerId}
        where ${shownItem}
      )
      select service, type, slug, updated_at as "updatedAt", count(*) over () as total
      from entries order by part, id limit ${limit} offset ${offset}`);
    const rows = (result as unknown as { rows: (Entry & { total: number | string })[] }).rows;
    const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countEntries() : 0;
    return { rows: rows.map(({ total: _, ...entry }) => entry), total };
  }

  async function countEntries(): Promise<number> {
    const result = await db.execute<{ total: number | string }>(sql`
      select (select count(*) from ${providers} where ${shownProvider})
           + (select count(*) from ${items} inner join ${providers} on ${providers.id} = ${items.providerId}
              where ${shownItem}) as total`);
    return Number((result as unknown as { rows: { total: number | string }[] }).rows[0]?.total ?? 0);
  }

  /** The market of an active provider of the service, by id or slug, in whichever market it is. */
  async function providerMarket(service: string, idOrSlug: string): Promise<string | undefined> {
    const [row] = await db
      .select({ countryCode: providers.countryCode })
      .from(providers)
      .where(and(eq(providers.service, service as 'food'), shownProvider, byIdOrSlug(providers, idOrSlug)))
      .limit(1);
    return row?.countryCode;
  }

  /** The market of an item of the service and types sold by an active provider, in whichever market it is. */
  async function itemMarket(service: string, types: readonly string[], idOrSlug: string): Promise<string | undefined> {
    const [row] = await db
      .select({ countryCode: items.countryCode })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(
        and(
          eq(items.service, service as 'food'),
          inArray(items.type, types as 'meal'[]),
          shownItem,
          byIdOrSlug(items, idOrSlug),
        ),
      )
      .limit(1);
    return row?.countryCode;
  }

  /** One item of the market, service and types, sold by an active provider, by id or slug. */
  async function findItem(scope: Scope, types: readonly string[], idOrSlug: string): Promise<ItemRow | undefined> {
    const { rows } = await listItemsWhere(
      scope,
      and(
        eq(items.service, scope.service as 'food'),
        inArray(items.type, types as 'meal'[]),
        byIdOrSlug(items, idOrSlug),
      ) ?? sql`false`,
    );
    return rows[0];
  }

  /** Items under an extra condition, within the scope's market (any service). */
  async function listItemsWhere(scope: Scope, condition: SQL): Promise<{ rows: ItemRow[] }> {
    const rows = await db
      .select(itemSelection(scope))
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
      .innerJoin(locations, eq(locations.id, providers.locationId))
      .where(and(eq(items.countryCode, scope.countryCode), shownItem, condition))
      .orderBy(asc(items.price), asc(items.id));
    return { rows };
  }

  async function recipeOf(itemId: string) {
    const [recipe] = await db.select().from(recipes).where(eq(recipes.itemId, itemId));
    if (!recipe) return undefined;
    const ingredients = await db
      .select()
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, itemId))
      .orderBy(asc(recipeIngredients.position));
    return { ...recipe, ingredients };
  }

  async function experienceOf(itemId: string) {
    const [experience] = await db.select().from(experiences).where(eq(experiences.itemId, itemId));
    return experience;
  }

  /**
   * Grocery and Farm items with the given product keys, sold by active providers that deliver
   * to the point (any seller of the market without one), cheapest first.
   */
  async function sellersOf(scope: Scope, productKeys: readonly string[]): Promise<ItemRow[]> {
    if (productKeys.length === 0) return [];
    const conditions: SQL[] = [
      inArray(items.productKey, productKeys as string[]),
      inArray(items.service, ['grocery', 'farm']),
      eq(items.available, true),
      sql`(${items.stock} is null or ${items.stock} > 0)`,
    ];
    if (scope.point) conditions.push(sql`${distanceKm(scope.point)} <= ${providers.deliveryRadiusKm}`);
    const { rows } = await listItemsWhere(scope, and(...conditions) ?? sql`true`);
    return rows;
  }

  /** Offers of the service running at `now`, of the market, not of a provider that stopped. */
  async function activeOffers(scope: Scope) {
    return db
      .select({
        offer: offers,
        provider: { id: providers.id, slug: providers.slug, name: providers.name, status: providers.status },
      })
      .from(offers)
      .leftJoin(providers, eq(providers.id, offers.providerId))
      .where(
        and(
          eq(offers.countryCode, scope.countryCode),
          eq(offers.service, scope.service as 'food'),
          sql`${offers.startsAt} <= ${scope.now.toISOString()}::timestamptz`,
          sql`${offers.endsAt} > ${scope.now.toISOString()}::timestamptz`,
          sql`(${offers.providerId} is null or ${shownProvider})`,
          sql`(${offers.totalLimit} is null or ${offers.redemptions} < ${offers.totalLimit})`,
        ),
      )
      .orderBy(asc(offers.endsAt), asc(offers.id));
  }

  /** The items offers are limited to that the storefront shows (a hidden one, or a stopped shop's, is left out). */
  async function offerItems(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: items.id, slug: items.slug, type: items.type, name: items.name })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(inArray(items.id, [...ids]), shownItem));
  }

  /** A service's featured lists in a market, in order: the entries' targets' ids, slugs and names. */
  async function featuredOf(countryCode: string, service: string) {
    const provider = await db
      .select({ id: providers.id, slug: providers.slug, name: providers.name })
      .from(featuredEntries)
      .innerJoin(providers, eq(providers.id, featuredEntries.targetId))
      .where(
        and(
          eq(featuredEntries.countryCode, countryCode),
          eq(featuredEntries.service, service as 'food'),
          eq(featuredEntries.kind, 'provider'),
        ),
      )
      .orderBy(asc(featuredEntries.position));
    const item = await db
      .select({
        id: items.id,
        slug: items.slug,
        name: sql<string>`coalesce(${items.name} ->> 'en', (select value from jsonb_each_text(${items.name}) limit 1))`,
      })
      .from(featuredEntries)
      .innerJoin(items, eq(items.id, featuredEntries.targetId))
      .where(
        and(
          eq(featuredEntries.countryCode, countryCode),
          eq(featuredEntries.service, service as 'food'),
          eq(featuredEntries.kind, 'item'),
        ),
      )
      .orderBy(asc(featuredEntries.position));
    return { providers: provider, items: item };
  }

  /** Shops and items of a market's service named by id or slug, for a featured list; unknown ones are left out. */
  async function byReferences(
    countryCode: string,
    service: string,
    providerReferences: readonly string[],
    itemReferences: readonly string[],
  ) {
    const foundProviders =
      providerReferences.length === 0
        ? []
        : await db
            .select({ id: providers.id, slug: providers.slug })
            .from(providers)
            .where(
              and(
                eq(providers.countryCode, countryCode),
                eq(providers.service, service as 'food'),
                byIdsOrSlugs(providers, providerReferences),
              ),
            );
    const foundItems =
      itemReferences.length === 0
        ? []
        : await db
            .select({ id: items.id, slug: items.slug })
            .from(items)
            .where(
              and(
                eq(items.countryCode, countryCode),
                eq(items.service, service as 'food'),
                byIdsOrSlugs(items, itemReferences),
              ),
            );
    return { providers: foundProviders, items: foundItems };
  }

  return {
    market,
    location,
    activeOffers,
    offerItems,
    listProviders,
    listItems,
    findProvider,
    findItem,
    providerMarket,
    itemMarket,
    listEntries,
    countFacets,
    recipeOf,
    experienceOf,
    sellersOf,
    featuredOf,
    byReferences,
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
