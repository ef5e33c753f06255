import type { LocalizedText } from '@malewa/contracts/catalog/catalog-values';
import { DIETARY_FLAGS } from '@malewa/contracts/catalog/vocabulary';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import type { Db } from '@malewa/db/database';
import { catalogWords, items, providers } from '@malewa/db/schema/catalog';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type Bind,
  type Bound,
  bindValues,
  createPreparedStatements,
  type Values,
} from '#api/prepared-statements-sql.ts';
import { shownProvider, unhiddenItem } from '#api/storefront-visibility-sql.ts';
import {
  countedPage,
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

/** The values a search's conditions read (the query itself is bound by each statement). */
function conditionValues(scope: Scope, filters: SearchFilters, withFacets: boolean): Values {
  const values: Values = {};
  if (filters.service) values.service = filters.service;
  if (scope.point) {
    values.lat = scope.point.latitude;
    values.lng = scope.point.longitude;
  }
  if (withFacets) {
    if (filters.type) values.type = filters.type;
    if (filters.category) values.category = filters.category;
    if (filters.dietary?.length) values.dietary = filters.dietary;
    if (filters.price) {
      values.priceMin = filters.price.min;
      if (filters.price.max !== null) values.priceMax = filters.price.max;
    }
  }
  return values;
}

/** The shopper's point, bound, when the values have one. */
function pointOf(values: Values, bind: Bind) {
  return values.lat !== undefined ? { latitude: bind('lat'), longitude: bind('lng') } : undefined;
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
   * What an item itself must be to match (the provider aside): of the market, matching the query
   * (bound as `query`), narrowed by the service and the facets' filters present in `values`.
   */
  function matchConditions(countryCode: string, values: Values, bind: Bind): SQL[] {
    const where: SQL[] = [
      sql`${items.countryCode} = ${marketLiteral(countryCode)}`,
      sql`${items.searchVector} @@ ${tsquery(bind('query'))}`,
    ];
    if (values.service !== undefined) where.push(sql`${items.service} = ${bind('service')}`);
    if (values.type !== undefined) where.push(sql`${items.type} = ${bind('type')}`);
    if (values.category !== undefined) where.push(sql`${items.category} = ${bind('category')}`);
    if (values.dietary !== undefined) where.push(sql`${items.dietary} @> ${bind('dietary')}::text[]`);
    if (values.priceMin !== undefined) where.push(sql`${items.price} >= ${bind('priceMin')}`);
    if (values.priceMax !== undefined) where.push(sql`${items.price} < ${bind('priceMax')}`);
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
   * half is in `providerConditions`), with their providers joined.
   */
  function itemConditions(countryCode: string, values: Values, bind: Bind): SQL[] {
    return [
      ...matchConditions(countryCode, values, bind),
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
   */
  function textMatches(countryCode: string, values: Values, bind: Bind) {
    return db
      .select({
        id: items.id,
        providerId: sql<string>`${items.providerId}`.as('provider_id'),
        type: sql<string>`${items.type}`.as('type'),
        textRank: sql<number>`(case when ${items.searchVector} @@ ${tsquery(bind('exact'))} then 2 else 0 end
          + ts_rank('{0.1, 0.2, 0.4, 1.0}', ${items.searchVector}, ${tsquery(bind('query'))}))`.as('text_rank'),
      })
      .from(items)
      .where(and(...matchConditions(countryCode, values, bind), unhiddenItem))
      .offset(OFFSET_ZERO)
      .as('found');
  }

  /**
   * Ranked: the words as typed before typo matches, then the text's weight (name, tags,
   * description), then the provider's rating.
   */
  async function searchItems(
    scope: Scope,
    words: readonly ExpandedWord[],
    filters: SearchFilters,
    page: { offset: number; limit: number },
  ): Promise<{ rows: ItemCardRow[]; total: number }> {
    const query = fullQuery(words);
    if (!query) return { rows: [], total: 0 };
    const conditions = conditionValues(scope, filters, true);
    const values = {
      ...conditions,
      query,
      exact: exactQuery(words),
      now: scope.now.toISOString(),
      limit: page.limit,
      offset: page.offset,
    };
    const rows = await prepared('search', scope.countryCode, values, (bind) => {
      // Three steps. Rank every match on narrow rows (`textMatches`, then the provider's rating):
      // `offset 0` keeps the ranking a subquery of its own, so its rows are (id, rank) before the
      // count; pulled up into the window below, every match's whole row with its text vector went
      // through the window's store and the rank was worked out there: 12 ms instead of 5 for
      // "nyama" at 100,000 items. Then count and keep the page's ids. Then read the whole rows of
      // the one page only: ranking whole rows carried every provider's hours and texts through the
      // sort, three times slower.
      const found = textMatches(scope.countryCode, values, bind);
      const matched = db
        .select({ id: found.id, rank: sql<number>`(${found.textRank} + ${providers.ratingAverage} / 50)`.as('rank') })
        .from(found)
        .innerJoin(providers, eq(providers.id, found.providerId))
        .where(and(...providerConditions(scope.countryCode, values, bind, found.type)))
        .offset(OFFSET_ZERO)
        .as('matched');
      const ranked = db.$with('ranked').as(
        db
          .select({
            id: matched.id,
            rank: matched.rank,
            total: sql<number>`cast(count(*) over () as integer)`.as('total'),
          })
          .from(matched)
          .orderBy(sql`${matched.rank} desc`, matched.id)
          .limit(bind('limit') as number)
          .offset(bind('offset') as number),
      );
      return db
        .with(ranked)
        .select({ ...itemCardColumns({ now: bind('now'), point: pointOf(values, bind) }), total: ranked.total })
        .from(ranked)
        .innerJoin(items, eq(items.id, ranked.id))
        .innerJoin(providers, eq(providers.id, items.providerId))
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .orderBy(sql`${ranked.rank} desc`, items.id);
    });
    if (rows.length > 0 || page.offset === 0) {
      return countedPage(rows);
    }
    // Past the last page: no row carries the count, so count on its own (rare: not prepared).
    const [counted] = await db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(...itemConditions(scope.countryCode, { ...conditions, query }, bindValues({ ...conditions, query }))));
    return { rows: [], total: Number(counted?.total ?? 0) };
  }

  /** Counts per service, type, category, dietary flag and price band over the query's matches. */
  async function facets(
    scope: Scope,
    words: readonly ExpandedWord[],
    filters: SearchFilters,
    bands: readonly { min: number; max: number | null }[],
  ) {
    const query = fullQuery(words);
    const empty = { services: [], types: [], categories: [], dietary: [], priceBands: bands.map(() => 0) };
    if (!query) return empty;
    const values: Values = { ...conditionValues(scope, filters, false), query };
    bands.forEach((band, index) => {
      values[`band${index}Min`] = band.min;
      if (band.max !== null) values[`band${index}Max`] = band.max;
    });
    const rows = await prepared('facets', scope.countryCode, values, (bind) => {
      // One pass over the matches: service, type, category and price band are grouping sets of
      // one aggregate; each dietary flag is counted there too, by a filter (unnesting every
      // match's flags into rows cost as much as the other four facets together).
      const flagCounts = sql.join(
        DIETARY_FLAGS.map((flag) => sql`count(*) filter (where ${flag} = any(m.dietary))`),
        sql`, `,
      );
      const bandOf = sql.join(
        bands.map(
          (band, index) =>
            sql`when ${items.price} >= ${bind(`band${index}Min`)}${band.max === null ? sql`` : sql` and ${items.price} < ${bind(`band${index}Max`)}`} then ${sql.raw(`'${index}'`)}`,
        ),
        sql` `,
      );
      const m = db.$with('m').as(
        db
          .select({
            service: sql<string>`${items.service}`.as('service'),
            type: sql<string>`${items.type}`.as('type'),
            category: sql<string>`${items.category}`.as('category'),
            dietary: sql<string[]>`${items.dietary}`.as('dietary'),
            band: sql<string>`case ${bandOf} end`.as('band'),
          })
          .from(items)
          .innerJoin(providers, eq(providers.id, items.providerId))
          .where(and(...itemConditions(scope.countryCode, values, bind))),
      );
      return db
        .with(m)
        .select({
          facet: sql<string>`case when grouping(service) = 0 then 'service' when grouping(type) = 0 then 'type'
            when grouping(category) = 0 then 'category' when grouping(band) = 0 then 'band' else 'all' end`,
          key: sql<string | null>`coalesce(service::text, type::text, category, band)`,
          count: sql<number | string>`count(*)`,
          flags: sql<(number | string)[]>`array[${flagCounts}]`,
        })
        .from(m)
        .groupBy(sql`grouping sets ((service), (type), (category), (band), ())`);
    });
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
    const dietary = ranked(DIETARY_FLAGS.map((flag, index) => ({ key: flag, count: Number(all?.flags[index] ?? 0) })));
    const byBand = new Map(counted('band').map((entry) => [entry.key, entry.count]));
    return {
      services: counted('service'),
      types: counted('type'),
      categories: counted('category').slice(0, 20),
      dietary,
      priceBands: bands.map((_, index) => byBand.get(String(index)) ?? 0),
    };
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
    const values: Values = { query, now: scope.now.toISOString(), limit };
    if (service) values.service = service;
    if (scope.point) {
      values.lat = scope.point.latitude;
      values.lng = scope.point.longitude;
    }
    return prepared('providers', scope.countryCode, values, (bind) => {
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
      return db
        .select(providerColumns({ now: bind('now'), point }, true))
        .from(providers)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
        .innerJoin(locations, eq(locations.id, providers.locationId))
        .where(and(...where))
        .orderBy(
          sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${providers.searchVector}, ${tsquery(bind('query'))}) desc`,
          sql`${providers.ratingAverage} desc`,
          providers.id,
        )
        .limit(bind('limit') as number);
    });
  }

  /**
   * Names for the autocomplete: the best few matching items, without the list's count, its
   * provider columns or its distance (a box under the search field needs none of them).
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
      const matched = textMatches(scope.countryCode, values, bind);
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

  return { expand, nearest, searchItems, facets, searchProviders, suggestItems };
}

export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>;
