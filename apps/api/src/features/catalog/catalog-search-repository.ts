import type { LocalizedText } from '@malewa/contracts/catalog/catalog-values';
import { DIETARY_FLAGS } from '@malewa/contracts/catalog/vocabulary';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import type { Db } from '@malewa/db/database';
import { catalogWords, items, providers } from '@malewa/db/schema/catalog';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Bind, type Bound, createPreparedStatements, type Values } from '#api/prepared-statements-sql.ts';
import { shownProvider, unhiddenItem } from '#api/storefront-visibility-sql.ts';
import {
  distanceKm,
  type ItemCardRow,
  itemCardColumns,
  type ProviderRow,
  providerColumns,
  type Scope,
} from './catalog-repository.ts';
import { createExpansionCache, type ExpansionCacheOptions } from './expansion-cache.ts';

/** A query word and the catalog words it stands for. */
export interface ExpandedWord {
  word: string;
  /** Catalog words within the typo budget (the word itself first when the catalog has it). */
  variants: string[];
  /** The last word also matches the catalog words it begins. */
  prefix: boolean;
}

/** A search's conditions: the scope, the expanded words, and the facet filters. */
export interface SearchFilters {
  /** One service, or all five. */
  service: string | undefined;
  type?: string | undefined;
  category?: string | undefined;
  dietary?: readonly string[] | undefined;
  price?: { min: number; max: number | null } | undefined;
}

/** Meilisearch's typo rules: none up to 4 letters, 1 from 5, 2 from 9. */
export function typoBudget(word: string): number {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

function lexeme(word: string): string {
  return `'${word.replace(/'/g, "''")}'`;
}

/** `('jollof' | 'jollofs') & ('rice' | 'rice':*)`; undefined when a word matches nothing. */
export function fullQuery(words: readonly ExpandedWord[]): string | undefined {
  const parts: string[] = [];
  for (const word of words) {
    const alternatives = word.variants.map(lexeme);
    if (word.prefix) alternatives.push(`${lexeme(word.word)}:*`);
    if (alternatives.length === 0) return undefined;
    parts.push(`(${alternatives.join(' | ')})`);
  }
  return parts.length > 0 ? parts.join(' & ') : undefined;
}

/**
 * A query (`fullQuery`, `exactQuery`) as the statements read it: parsed once per run, as an
 * uncorrelated subquery. Written as `to_tsquery('simple', $1)` in place, a prepared statement's
 * generic plan parsed it again for every match it ranked, twice as slow as planning each search
 * for its words. Cast as `$1::tsquery` instead, a typed word the text parser splits ("6e8ec0" is
 * the number 6e8 and the word ec0, as the catalog's vectors hold it) no longer matched.
 */
function tsquery(query: Bound): SQL {
  return sql`(select to_tsquery('simple', ${query}))`;
}

/** The words exactly as typed (the last one also as a prefix): ranked above typo matches. */
function exactQuery(words: readonly ExpandedWord[]): string {
  return words.map((word) => (word.prefix ? `${lexeme(word.word)}:*` : lexeme(word.word))).join(' & ');
}

/**
 * The market's code written into a search's SQL rather than bound: each market's full-text
 * index is partial (decision 24), and a prepared statement's generic plan can use it only when
 * the statement itself says which market. From a closed list, so never anything else.
 */
function marketLiteral(countryCode: string): SQL {
  if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) throw new Error(`no market ${countryCode}`);
  return sql.raw(`'${countryCode}'`);
}

/**
 * `offset 0`, written out: PostgreSQL plans a subquery with an offset on its own instead of pulling
 * it up into the query around it (Drizzle leaves out an offset of the number 0).
 */
const OFFSET_ZERO = sql`0` as unknown as number;

/** The values of the facets' own filters a search asks for (none: an empty object). */
function filterValues(filters: SearchFilters): Values {
  const values: Values = {};
  if (filters.type) values.type = filters.type;
  if (filters.category) values.category = filters.category;
  if (filters.dietary?.length) values.dietary = filters.dietary;
  if (filters.price) {
    values.priceMin = filters.price.min;
    if (filters.price.max !== null) values.priceMax = filters.price.max;
  }
  return values;
}

/** The values a search's conditions read (the query itself is bound by each statement). */
function conditionValues(scope: Scope, filters: SearchFilters, withFacets: boolean): Values {
  const values: Values = withFacets ? filterValues(filters) : {};
  if (filters.service) values.service = filters.service;
  if (scope.point) {
    values.lat = scope.point.latitude;
    values.lng = scope.point.longitude;
  }
  return values;
}

/** The shopper's point, bound, when the values have one. */
function pointOf(values: Values, bind: Bind) {
  return values.lat !== undefined ? { latitude: bind('lat'), longitude: bind('lng') } : undefined;
}

/** A price band of the facets: from `min` up to `max` (none: no end), in minor units. */
export interface PriceBand {
  min: number;
  max: number | null;
}

/** The facets' counts of a search: the keys with a match, most first; each band's count. */
export interface Facets {
  services: { key: string; count: number }[];
  types: { key: string; count: number }[];
  categories: { key: string; count: number }[];
  dietary: { key: string; count: number }[];
  priceBands: number[];
}

/** What the facets' filters read: an item's columns, or the same columns of a set of matches. */
type FilterColumns = Record<'type' | 'category' | 'dietary' | 'price', SQL | SQL.Aliased | PgColumn>;

/** What the facets count of each match. */
type FacetColumns = Record<'service' | 'type' | 'category' | 'dietary' | 'band', SQL | SQL.Aliased | PgColumn>;

/** One count of `facetCounts`: a facet, its key (none for every match), its count, and the flags' counts. */
interface FacetRow {
  facet: string;
  key: string | null;
  count: number | string;
  flags: (number | string)[] | null;
}

/** A `FacetRow` as the search statement sends it, in JSON. */
type FacetTuple = [string, string | null, number, number[] | null];

/** The bands' bounds as a statement's values (band0Min, band0Max, …; an open end has none). */
function bandValues(bands: readonly PriceBand[]): Values {
  const values: Values = {};
  bands.forEach((band, index) => {
    values[`band${index}Min`] = band.min;
    if (band.max !== null) values[`band${index}Max`] = band.max;
  });
  return values;
}

/** The index of the band a price falls in, as text (none past the bands). */
function bandOf(price: SQL | SQL.Aliased | PgColumn, bands: readonly PriceBand[], bind: Bind): SQL.Aliased<string> {
  if (bands.length === 0) return sql<string>`null::text`.as('band');
  const cases = sql.join(
    bands.map(
      (band, index) =>
        sql`when ${price} >= ${bind(`band${index}Min`)}${band.max === null ? sql`` : sql` and ${price} < ${bind(`band${index}Max`)}`} then ${sql.raw(`'${index}'`)}`,
    ),
    sql` `,
  );
  return sql<string>`case ${cases} end`.as('band');
}

/**
 * One pass over the matches `m`: service, type, category and price band are grouping sets of one
 * aggregate (`facetGroups`); each dietary flag is counted there too, by a filter, on the row of
 * every match only (`grouping(…) = 15`: none of the four grouped). Unnesting every match's flags
 * into rows cost as much as the other four facets together.
 */
function facetCounts(m: FacetColumns) {
  const flagCounts = sql.join(
    DIETARY_FLAGS.map((flag) => sql`count(*) filter (where ${flag} = any(${m.dietary}))`),
    sql`, `,
  );
  return {
    facet: sql<string>`case when grouping(${m.service}) = 0 then 'service' when grouping(${m.type}) = 0 then 'type'
      when grouping(${m.category}) = 0 then 'category' when grouping(${m.band}) = 0 then 'band' else 'all' end`.as(
      'facet',
    ),
    key: sql<string | null>`coalesce(${m.service}::text, ${m.type}::text, ${m.category}, ${m.band})`.as('key'),
    count: sql<number | string>`count(*)`.as('count'),
    flags: sql<(number | string)[] | null>`case when grouping(${m.service}, ${m.type}, ${m.category}, ${m.band}) = 15
      then array[${flagCounts}] end`.as('flags'),
  };
}

/** The grouping sets of `facetCounts`: one per facet, and every match. */
function facetGroups(m: FacetColumns): SQL {
  return sql`grouping sets ((${m.service}), (${m.type}), (${m.category}), (${m.band}), ())`;
}

/** The facets as a search answers them, from `facetCounts`' rows. */
function presentFacets(rows: readonly FacetRow[], bands: readonly PriceBand[]): Facets {
  const ranked = (entries: { key: string; count: number }[]) =>
    entries.filter((entry) => entry.count > 0).sort((x, y) => y.count - x.count || x.key.localeCompare(y.key));
  const counted = (facet: string) =>
    ranked(
      rows
        .filter((row) => row.facet === facet && row.key !== null)
        .map((row) => ({ key: row.key as string, count: Number(row.count) })),
    );
  // The empty grouping set is every match: its flag counts are the dietary facet.
  const all = rows.find((row) => row.facet === 'all');
  const dietary = ranked(DIETARY_FLAGS.map((flag, index) => ({ key: flag, count: Number(all?.flags?.[index] ?? 0) })));
  const byBand = new Map(counted('band').map((entry) => [entry.key, entry.count]));
  return {
    services: counted('service'),
    types: counted('type'),
    categories: counted('category').slice(0, 20),
    dietary,
    priceBands: bands.map((_, index) => byBand.get(String(index)) ?? 0),
  };
}

/** What `searchPage` answers: the page's items, every match's count and facets, the best providers. */
export interface SearchPage {
  rows: ItemCardRow[];
  total: number;
  facets: Facets;
  providers: ProviderRow[];
}

export function createCatalogSearchRepository(db: Db, expansionCache: ExpansionCacheOptions = {}) {
  const prepared = createPreparedStatements();
  const expansions = createExpansionCache(expansionCache);

  /** The catalog words within each query word's typo budget, nearest first (expansion-cache.ts). */
  async function expand(words: readonly string[]): Promise<ExpandedWord[]> {
    return Promise.all(
      words.map(async (word, index) => {
        const prefix = index === words.length - 1;
        const cached = expansions.get(word);
        if (cached) return { word, variants: cached, prefix };
        const budget = typoBudget(word);
        const length = [...word].length;
        const values = { word, budget, ranked: budget + 1, shortest: length - budget, longest: length + budget };
        const rows = await prepared('expand', budget === 0 ? 'exact' : 'typo', values, (bind) =>
          db
            .select({ word: catalogWords.word })
            .from(catalogWords)
            .where(
              budget === 0
                ? sql`${catalogWords.word} = ${bind('word')}`
                : sql`${catalogWords.word} = ${bind('word')} or (length(${catalogWords.word}) between ${bind('shortest')} and ${bind('longest')}
                  and levenshtein_less_equal(${catalogWords.word}, ${bind('word')}, ${bind('budget')}) <= ${bind('budget')})`,
            )
            .orderBy(
              sql`levenshtein_less_equal(${catalogWords.word}, ${bind('word')}, ${bind('ranked')})`,
              catalogWords.word,
            )
            .limit(20),
        );
        const variants = rows.map((row) => row.word);
        expansions.set(word, variants);
        return { word, variants, prefix };
      }),
    );
  }

  /**
   * The catalog words nearest to one that matched nothing, within a third of its length: fewest
   * edits first, then the longest, then alphabetically (the same order each time).
   */
  async function nearest(word: string, limit: number): Promise<string[]> {
    const reach = Math.max(2, Math.ceil([...word].length / 3));
    const length = [...word].length;
    const values = { word, reach, ranked: reach + 1, shortest: length - reach, longest: length + reach, limit };
    const rows = await prepared('nearest', '', values, (bind) =>
      db
        .select({ word: catalogWords.word })
        .from(catalogWords)
        .where(
          sql`length(${catalogWords.word}) between ${bind('shortest')} and ${bind('longest')}
            and levenshtein_less_equal(${catalogWords.word}, ${bind('word')}, ${bind('reach')}) <= ${bind('reach')}`,
        )
        .orderBy(
          sql`levenshtein_less_equal(${catalogWords.word}, ${bind('word')}, ${bind('ranked')})`,
          sql`length(${catalogWords.word}) desc`,
          catalogWords.word,
        )
        .limit(bind('limit') as number),
    );
    return rows.map((row) => row.word);
  }

  /**
   * What an item itself must be to match the query (bound as `query`) in `vector` (its whole
   * document, or its names for suggest): of the market and the service when one is asked for.
   */
  function textConditions(
    countryCode: string,
    values: Values,
    bind: Bind,
    vector: PgColumn = items.searchVector,
  ): SQL[] {
    const where: SQL[] = [
      sql`${items.countryCode} = ${marketLiteral(countryCode)}`,
      sql`${vector} @@ ${tsquery(bind('query'))}`,
    ];
    if (values.service !== undefined) where.push(sql`${items.service} = ${bind('service')}`);
    return where;
  }

  /** The facets' filters present in `values`, on an item's columns or on the matches' own. */
  function filterConditions(columns: FilterColumns, values: Values, bind: Bind): SQL[] {
    const where: SQL[] = [];
    if (values.type !== undefined) where.push(sql`${columns.type} = ${bind('type')}`);
    if (values.category !== undefined) where.push(sql`${columns.category} = ${bind('category')}`);
    if (values.dietary !== undefined) where.push(sql`${columns.dietary} @> ${bind('dietary')}::text[]`);
    if (values.priceMin !== undefined) where.push(sql`${columns.price} >= ${bind('priceMin')}`);
    if (values.priceMax !== undefined) where.push(sql`${columns.price} < ${bind('priceMax')}`);
    return where;
  }

  /**
   * What its provider must be: a shown provider of the market that delivers to the point, except
   * for recipes (read anywhere; `type` is the item's type as the query reads it).
   */
  function providerConditions(
    countryCode: string,
    values: Values,
    bind: Bind,
    type: SQL | SQL.Aliased | PgColumn,
  ): SQL[] {
    const where: SQL[] = [
      // Said of the provider too, so the join reads the market's active providers from their
      // covering index (providers_active_idx) instead of every provider's whole row.
      sql`${providers.countryCode} = ${marketLiteral(countryCode)}`,
      shownProvider,
    ];
    const point = pointOf(values, bind);
    if (point) where.push(sql`(${type} = 'recipe' or ${distanceKm(point)} <= ${providers.deliveryRadiusKm})`);
    return where;
  }

  /**
   * Items the query matches in the market that the storefront shows (`shownItem`: the provider's
   * half is in `providerConditions`), narrowed by the facets' filters in `values`, with their
   * providers joined.
   */
  function itemConditions(countryCode: string, values: Values, bind: Bind): SQL[] {
    return [
      ...textConditions(countryCode, values, bind),
      ...filterConditions(items, values, bind),
      unhiddenItem,
      ...providerConditions(countryCode, values, bind, items.type),
    ];
  }

  /**
   * The items the query matches, as narrow rows with their text's rank: the words as typed before
   * typo matches, then the text's weight (name, tags, description). Ranked on the items alone
   * (`offset 0` keeps them a subquery of their own) and joined to their providers after
   * (`providerConditions`): joined first, a common word's 2,800 matches went through the join's
   * sort with their names and text vectors ("nyam" on 100,000 items: 8.3 ms to suggest, not 6).
   * The facets' filters are left to the caller: a search counts its facets over every match.
   */
  function textMatches(countryCode: string, values: Values, bind: Bind, vector: PgColumn = items.searchVector) {
    return db
      .select({
        id: items.id,
        providerId: sql<string>`${items.providerId}`.as('provider_id'),
        // Named apart from the provider's own service, which the join beside it also has.
        service: sql<string>`${items.service}`.as('item_service'),
        type: sql<string>`${items.type}`.as('type'),
        category: sql<string>`${items.category}`.as('category'),
        dietary: sql<string[]>`${items.dietary}`.as('dietary'),
        price: sql<number>`${items.price}`.as('price'),
        textRank: sql<number>`(case when ${vector} @@ ${tsquery(bind('exact'))} then 2 else 0 end
          + ts_rank('{0.1, 0.2, 0.4, 1.0}', ${vector}, ${tsquery(bind('query'))}))`.as('text_rank'),
      })
      .from(items)
      .where(and(...textConditions(countryCode, values, bind, vector), unhiddenItem))
      .offset(OFFSET_ZERO)
      .as('found');
  }

  /**
   * A search's page of ranked matches, their count, the facets' counts over every match (the
   * facets' filters aside, so a shopper sees what else there is) and, when `page.providers` asks
   * for them, the best providers (`searchProviders`), in one statement: run as two at once, both
   * found the same matches, and a search cost the database and the API a tenth more; the
   * providers as a second statement beside it cost every search a second round trip and a second
   * wake-up of a database process: carried here, search at 20 connections answered a tenth more.
   *
   * Ranked: the words as typed before typo matches, then the text's weight (name, tags,
   * description), then the provider's rating.
   */
  async function searchPage(
    scope: Scope,
    words: readonly ExpandedWord[],
    filters: SearchFilters,
    page: { offset: number; limit: number; providers: number },
    bands: readonly PriceBand[],
  ): Promise<SearchPage> {
    const query = fullQuery(words);
    if (!query) return { rows: [], total: 0, facets: presentFacets([], bands), providers: [] };
    const values: Values = {
      ...conditionValues(scope, filters, true),
      ...bandValues(bands),
      query,
      exact: exactQuery(words),
      now: scope.now.toISOString(),
      limit: page.limit,
      offset: page.offset,
      providerLimit: page.providers > 0 ? page.providers : undefined,
    };
    const rows = await prepared('search', scope.countryCode, values, (bind) => {
      // Three steps. Rank every match on narrow rows (`textMatches`, then the provider's rating):
      // `m` is a subquery of its own (`offset 0`; read twice, PostgreSQL keeps it once anyway),
      // so its rows are narrow before the count; pulled up into the window below, every match's
      // whole row with its text vector went through the window's store and the rank was worked
      // out there: 12 ms instead of 5 for "nyama" at 100,000 items. Then count, keep the page's
      // ids and count the facets, all from `m`. Then read the whole rows of the one page only:
      // ranking whole rows carried every provider's hours and texts through the sort, three
      // times slower.
      const found = textMatches(scope.countryCode, values, bind);
      const m = db.$with('m').as(
        db
          .select({
            id: found.id,
            rank: sql<number>`(${found.textRank} + ${providers.ratingAverage} / 50)`.as('rank'),
            service: found.service,
            type: found.type,
            category: found.category,
            dietary: found.dietary,
            price: found.price,
            band: bandOf(found.price, bands, bind),
          })
          .from(found)
          .innerJoin(providers, eq(providers.id, found.providerId))
          .where(and(...providerConditions(scope.countryCode, values, bind, found.type)))
          .offset(OFFSET_ZERO),
      );
      const ranked = db.$with('ranked').as(
        db
          .select({
            id: m.id,
            rank: m.rank,
            total: sql<number>`cast(count(*) over () as integer)`.as('total'),
            // The page's first row carries the facets: on every row, the same counts were sent
            // and parsed once per card.
            first: sql<boolean>`row_number() over (order by ${m.rank} desc, ${m.id}) = ${bind('offset')} + 1`.as(
              'first',
            ),
          })
          .from(m)
          .where(and(...filterConditions(m, values, bind)))
          .orderBy(sql`${m.rank} desc`, m.id)
          .limit(bind('limit') as number)
          .offset(bind('offset') as number),
      );
      const counts = db.select(facetCounts(m)).from(m).groupBy(facetGroups(m)).as('counts');
      const top = values.providerLimit === undefined ? undefined : providerCards(scope, values, bind);
      return db
        .with(...(top ? [m, ranked, top.best] : [m, ranked]))
        .select({
          ...itemCardColumns({ now: bind('now'), point: pointOf(values, bind) }),
          total: ranked.total,
          facets: sql<FacetTuple[] | null>`case when ${ranked.first} then (
            select coalesce(jsonb_agg(jsonb_build_array(${counts.facet}, ${counts.key}, ${counts.count}, ${counts.flags})), '[]'::jsonb)
            from ${counts}) end`,
          providers: top ? sql<ProviderRow[] | null>`case when ${ranked.first} then ${top.cards} end` : sql<null>`null`,
        })
        .from(ranked)
        .innerJoin(items, eq(items.id, ranked.id))
        .innerJoin(providers, eq(providers.id, items.providerId))
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .orderBy(sql`${ranked.rank} desc`, items.id);
    });
    const [first] = rows;
    if (first) {
      const tuples = first.facets ?? [];
      const counted = tuples.map(([facet, key, count, flags]) => ({ facet, key, count, flags }));
      const facets = presentFacets(counted, bands);
      return { rows, total: Number(first.total), facets, providers: first.providers ?? [] };
    }
    // No row to carry the counts and the providers (rare: not one statement). With no facet
    // filter on the first page, no item matched at all; else count and tell what the filters
    // left out.
    const providersAlone =
      page.providers > 0 ? searchProviders(scope, words, filters.service, page.providers) : Promise.resolve([]);
    if (page.offset === 0 && Object.keys(filterValues(filters)).length === 0)
      return { rows: [], total: 0, facets: presentFacets([], bands), providers: await providersAlone };
    const [total, facets, providersFound] = await Promise.all([
      page.offset === 0 ? 0 : countItems(scope, words, filters),
      facetsOf(scope, query, filters, bands),
      providersAlone,
    ]);
    return { rows: [], total, facets, providers: providersFound };
  }

  /** How many items the query matches, as a search counts them (filters and all). */
  async function countItems(scope: Scope, words: readonly ExpandedWord[], filters: SearchFilters): Promise<number> {
    const query = fullQuery(words);
    if (!query) return 0;
    const values: Values = { ...conditionValues(scope, filters, true), query };
    const [row] = await prepared('count', scope.countryCode, values, (bind) =>
      db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(and(...itemConditions(scope.countryCode, values, bind))),
    );
    return Number(row?.total ?? 0);
  }

  /** The facets' counts of a search whose page has no row to carry them (`searchItems`). */
  async function facetsOf(
    scope: Scope,
    query: string,
    filters: SearchFilters,
    bands: readonly PriceBand[],
  ): Promise<Facets> {
    const values: Values = { ...conditionValues(scope, filters, false), ...bandValues(bands), query };
    const rows = await prepared('facets', scope.countryCode, values, (bind) => {
      const m = db.$with('m').as(
        db
          .select({
            service: sql<string>`${items.service}`.as('item_service'),
            type: sql<string>`${items.type}`.as('type'),
            category: sql<string>`${items.category}`.as('category'),
            dietary: sql<string[]>`${items.dietary}`.as('dietary'),
            band: bandOf(items.price, bands, bind),
          })
          .from(items)
          .innerJoin(providers, eq(providers.id, items.providerId))
          .where(and(...itemConditions(scope.countryCode, values, bind))),
      );
      return db.with(m).select(facetCounts(m)).from(m).groupBy(facetGroups(m));
    });
    return presentFacets(rows, bands);
  }

  /**
   * The providers the query matches in the market that the storefront shows (and that deliver
   * to the point, except cookbooks), as narrow rows: ranked by their text's weight, then their
   * rating, the best `limit` kept before anything wide is read. Ranked whole, a common word's
   * 200 providers went through the sort with their texts, hours and city: 2.4 ms for "nyama" at
   * 7,100 providers.
   */
  function rankedProviders(scope: Scope, values: Values, bind: Bind, limit: string) {
    const where: SQL[] = [
      sql`${providers.countryCode} = ${marketLiteral(scope.countryCode)}`,
      shownProvider,
      sql`${providers.searchVector} @@ ${tsquery(bind('query'))}`,
    ];
    if (values.service !== undefined) where.push(sql`${providers.service} = ${bind('service')}`);
    const point = pointOf(values, bind);
    if (point) {
      where.push(sql`(${providers.service} = 'cookbook' or ${distanceKm(point)} <= ${providers.deliveryRadiusKm})`);
    }
    return db.$with('best').as(
      db
        .select({
          id: providers.id,
          rank: sql<number>`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${providers.searchVector}, ${tsquery(bind('query'))})`.as(
            'rank',
          ),
          rating: sql<number>`${providers.ratingAverage}`.as('rating'),
        })
        .from(providers)
        .where(and(...where))
        .orderBy(sql`rank desc`, sql`rating desc`, providers.id)
        .limit(bind(limit) as number),
    );
  }

  /**
   * The best providers' cards (`rankedProviders`, its limit bound as `providerLimit`), as one JSON
   * array in their order: the value `searchPage`'s first row carries. Each key is a card's column,
   * so the array's objects are the rows `searchProviders` gives.
   */
  function providerCards(scope: Scope, values: Values, bind: Bind) {
    const best = rankedProviders(scope, values, bind, 'providerLimit');
    const columns = providerColumns({ now: bind('now'), point: pointOf(values, bind) }, true);
    const pairs = sql.join(
      Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
      sql`, `,
    );
    // Inside the subquery, "providers" and "marketplaces" are its own, not the page's rows'.
    const cards = sql<ProviderRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(${pairs})
        order by ${best.rank} desc, ${best.rating} desc, ${providers.id}), '[]'::jsonb)
      from ${best}
      join ${providers} on ${providers.id} = ${best.id}
      join ${marketplaces} on ${marketplaces.countryCode} = ${providers.countryCode}
      join ${locations} on ${locations.id} = ${providers.locationId})`;
    return { best, cards };
  }

  /** Providers whose documents match, best first (a few for the top of the results). */
  async function searchProviders(
    scope: Scope,
    words: readonly ExpandedWord[],
    service: string | undefined,
    limit: number,
  ): Promise<ProviderRow[]> {
    const query = fullQuery(words);
    if (!query) return [];
    const values: Values = {
      ...conditionValues(scope, { service }, false),
      query,
      limit,
      now: scope.now.toISOString(),
    };
    return prepared('providers', scope.countryCode, values, (bind) => {
      const best = rankedProviders(scope, values, bind, 'limit');
      return db
        .with(best)
        .select(providerColumns({ now: bind('now'), point: pointOf(values, bind) }, true))
        .from(best)
        .innerJoin(providers, eq(providers.id, best.id))
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .innerJoin(locations, eq(locations.id, providers.locationId))
        .orderBy(sql`${best.rank} desc`, sql`${best.rating} desc`, providers.id);
    });
  }

  /**
   * Providers' names for the autocomplete: the same providers, in the same order, as
   * `searchProviders`, without the card's columns (a box under the search field shows the name).
   */
  async function suggestProviders(
    scope: Scope,
    words: readonly ExpandedWord[],
    service: string | undefined,
    limit: number,
  ): Promise<{ name: string; service: string; slug: string }[]> {
    const query = fullQuery(words);
    if (!query) return [];
    const values: Values = { ...conditionValues(scope, { service }, false), query, limit };
    return prepared('suggest-providers', scope.countryCode, values, (bind) => {
      const best = rankedProviders(scope, values, bind, 'limit');
      return db
        .with(best)
        .select({ name: providers.name, service: providers.service, slug: providers.slug })
        .from(best)
        .innerJoin(providers, eq(providers.id, best.id))
        .orderBy(sql`${best.rank} desc`, sql`${best.rating} desc`, providers.id);
    });
  }

  /**
   * Names for the autocomplete: the best few items a search shows whose names match (decision 43:
   * the box shows names, and a broad word's matches by description cost twice the reading),
   * without the list's count, its provider columns or its distance.
   */
  async function suggestItems(
    scope: Scope,
    words: readonly ExpandedWord[],
    service: string | undefined,
    limit: number,
  ): Promise<{ name: LocalizedText; service: string; type: string; slug: string }[]> {
    const query = fullQuery(words);
    if (!query) return [];
    const values: Values = { ...conditionValues(scope, { service }, false), query, exact: exactQuery(words), limit };
    return prepared('suggest', scope.countryCode, values, (bind) => {
      const matched = textMatches(scope.countryCode, values, bind, items.nameVector);
      const best = db.$with('best').as(
        db
          .select({ id: matched.id, rank: matched.textRank })
          .from(matched)
          .innerJoin(providers, eq(providers.id, matched.providerId))
          .where(and(...providerConditions(scope.countryCode, values, bind, matched.type)))
          .orderBy(sql`${matched.textRank} desc`, matched.id)
          .limit(bind('limit') as number),
      );
      return db
        .with(best)
        .select({ name: items.name, service: items.service, type: items.type, slug: items.slug })
        .from(best)
        .innerJoin(items, eq(items.id, best.id))
        .orderBy(sql`${best.rank} desc`, items.id);
    });
  }

  return { expand, nearest, searchPage, countItems, searchProviders, suggestProviders, suggestItems };
}

export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>;
