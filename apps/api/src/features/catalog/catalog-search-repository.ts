import { DIETARY_FLAGS } from '@malewa/contracts/catalog/vocabulary';
import type { Db } from '@malewa/db/database';
import { catalogWords, items, type LocalizedText, providers } from '@malewa/db/schema/catalog';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { shownItem, shownProvider } from '../../storefront-visibility.ts';
import {
  distanceKm,
  type ItemCardRow,
  itemCardSelection,
  type ProviderRow,
  providerSelection,
  type Scope,
} from './catalog-repository.ts';

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

/** The words exactly as typed (the last one also as a prefix): ranked above typo matches. */
function exactQuery(words: readonly ExpandedWord[]): string {
  return words.map((word) => (word.prefix ? `${lexeme(word.word)}:*` : lexeme(word.word))).join(' & ');
}

export function createCatalogSearchRepository(db: Db) {
  /** The catalog words within each query word's typo budget, nearest first. */
  async function expand(words: readonly string[]): Promise<ExpandedWord[]> {
    return Promise.all(
      words.map(async (word, index) => {
        const budget = typoBudget(word);
        const prefix = index === words.length - 1;
        const length = [...word].length;
        const rows = await db
          .select({ word: catalogWords.word })
          .from(catalogWords)
          .where(
            budget === 0
              ? eq(catalogWords.word, word)
              : sql`${catalogWords.word} = ${word} or (length(${catalogWords.word}) between ${length - budget} and ${length + budget}
                  and levenshtein_less_equal(${catalogWords.word}, ${word}, ${budget}) <= ${budget})`,
          )
          .orderBy(sql`levenshtein_less_equal(${catalogWords.word}, ${word}, ${budget + 1})`, catalogWords.word)
          .limit(20);
        return { word, variants: rows.map((row) => row.word), prefix };
      }),
    );
  }

  /** The nearest catalog word to one that matched nothing, within a third of its length. */
  async function nearest(word: string): Promise<string | undefined> {
    const reach = Math.max(2, Math.ceil([...word].length / 3));
    const [row] = await db
      .select({ word: catalogWords.word })
      .from(catalogWords)
      .where(
        sql`length(${catalogWords.word}) between ${[...word].length - reach} and ${[...word].length + reach}
          and levenshtein_less_equal(${catalogWords.word}, ${word}, ${reach}) <= ${reach}`,
      )
      .orderBy(
        sql`levenshtein_less_equal(${catalogWords.word}, ${word}, ${reach + 1})`,
        sql`length(${catalogWords.word}) desc`,
      )
      .limit(1);
    return row?.word;
  }

  /** Items the query matches in the scope: delivered to the point, except recipes (read anywhere). */
  function itemConditions(scope: Scope, query: string, filters: SearchFilters, withFacets: boolean): SQL[] {
    const where: SQL[] = [
      eq(items.countryCode, scope.countryCode),
      // Said of the provider too, so the join reads the market's active providers from their
      // covering index (providers_active_idx) instead of every provider's whole row.
      eq(providers.countryCode, scope.countryCode),
      shownItem,
      sql`${items.searchVector} @@ to_tsquery('simple', ${query})`,
    ];
    if (filters.service) where.push(eq(items.service, filters.service as 'food'));
    if (scope.point) {
      where.push(sql`(${items.type} = 'recipe' or ${distanceKm(scope.point)} <= ${providers.deliveryRadiusKm})`);
    }
    if (withFacets) {
      if (filters.type) where.push(eq(items.type, filters.type as 'meal'));
      if (filters.category) where.push(eq(items.category, filters.category));
      if (filters.dietary?.length) {
        where.push(
          sql`${items.dietary} @> array[${sql.join(
            filters.dietary.map((flag) => sql`${flag}`),
            sql`, `,
          )}]::text[]`,
        );
      }
      if (filters.price) {
        where.push(sql`${items.price} >= ${filters.price.min}`);
        if (filters.price.max !== null) where.push(sql`${items.price} < ${filters.price.max}`);
      }
    }
    return where;
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
    const exact = exactQuery(words);
    const rank = sql<number>`(case when ${items.searchVector} @@ to_tsquery('simple', ${exact}) then 2 else 0 end
      + ts_rank('{0.1, 0.2, 0.4, 1.0}', ${items.searchVector}, to_tsquery('simple', ${query}))
      + ${providers.ratingAverage} / 50)`;
    // Two steps: rank every match on narrow rows (id, rank, the count), then read the whole
    // rows of the one page only. Ranking whole rows carried every provider's hours and texts
    // through the sort: three times slower at 100,000 items.
    const ranked = db.$with('ranked').as(
      db
        .select({
          id: items.id,
          rank: rank.as('rank'),
          total: sql<number>`cast(count(*) over () as integer)`.as('total'),
        })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(and(...itemConditions(scope, query, filters, true)))
        .orderBy(sql`rank desc`, items.id)
        .limit(page.limit)
        .offset(page.offset),
    );
    const rows = await db
      .with(ranked)
      .select({ ...itemCardSelection(scope), total: ranked.total })
      .from(ranked)
      .innerJoin(items, eq(items.id, ranked.id))
      .innerJoin(providers, eq(providers.id, items.providerId))
      .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
      .orderBy(sql`${ranked.rank} desc`, items.id);
    if (rows.length > 0 || page.offset === 0) {
      return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
    }
    // Past the last page: no row carries the count, so count on its own.
    const [counted] = await db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(...itemConditions(scope, query, filters, true)));
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
    const where = and(...itemConditions(scope, query, filters, false));
    const bandOf = sql.join(
      bands.map(
        (band, index) =>
          sql`when ${items.price} >= ${band.min}${band.max === null ? sql`` : sql` and ${items.price} < ${band.max}`} then ${String(index)}`,
      ),
      sql` `,
    );
    // One pass over the matches: service, type, category and price band are grouping sets of
    // one aggregate; each dietary flag is counted there too, by a filter (unnesting every
    // match's flags into rows cost as much as the other four facets together).
    const flagCounts = sql.join(
      DIETARY_FLAGS.map((flag) => sql`count(*) filter (where ${flag} = any(m.dietary))`),
      sql`, `,
    );
    type FacetRow = { facet: string; key: string | null; count: number | string; flags: (number | string)[] };
    const result = await db.execute<FacetRow>(sql`
      with m as (
        select ${items.service} as service, ${items.type} as type, ${items.category} as category,
               ${items.dietary} as dietary, case ${bandOf} end as band
        from ${items} inner join ${providers} on ${providers.id} = ${items.providerId}
        where ${where}
      )
      select case when grouping(service) = 0 then 'service' when grouping(type) = 0 then 'type'
                  when grouping(category) = 0 then 'category' when grouping(band) = 0 then 'band' else 'all' end as facet,
             coalesce(service::text, type::text, category, band) as key,
             count(*) as count, array[${flagCounts}] as flags
      from m group by grouping sets ((service), (type), (category), (band), ())`);
    const rows = (result as unknown as { rows: FacetRow[] }).rows;
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
    const where: SQL[] = [
      eq(providers.countryCode, scope.countryCode),
      shownProvider,
      sql`${providers.searchVector} @@ to_tsquery('simple', ${query})`,
    ];
    if (service) where.push(eq(providers.service, service as 'food'));
    if (scope.point) {
      where.push(
        sql`(${providers.service} = 'cookbook' or ${distanceKm(scope.point)} <= ${providers.deliveryRadiusKm})`,
      );
    }
    return db
      .select(providerSelection(scope))
      .from(providers)
      .innerJoin(marketplaces, eq(marketplaces.countryCode, providers.countryCode))
      .innerJoin(locations, eq(locations.id, providers.locationId))
      .where(and(...where))
      .orderBy(
        sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${providers.searchVector}, to_tsquery('simple', ${query})) desc`,
        sql`${providers.ratingAverage} desc`,
        providers.id,
      )
      .limit(limit);
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
    const exact = exactQuery(words);
    return db
      .select({ name: items.name, service: items.service, type: items.type, slug: items.slug })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(and(...itemConditions(scope, query, { service }, false)))
      .orderBy(
        sql`(case when ${items.searchVector} @@ to_tsquery('simple', ${exact}) then 2 else 0 end
          + ts_rank('{0.1, 0.2, 0.4, 1.0}', ${items.searchVector}, to_tsquery('simple', ${query}))) desc`,
        items.id,
      )
      .limit(limit);
  }

  return { expand, nearest, searchItems, facets, searchProviders, suggestItems };
}

export type CatalogSearchRepository = ReturnType<typeof createCatalogSearchRepository>;
