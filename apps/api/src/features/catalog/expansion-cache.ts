import { type ClockDeps, clock } from '#api/clock.ts';

/**
 * The catalog words each query word stands for, kept a short while: working them out scans the
 * whole vocabulary with an edit distance (1 ms of the database's time per word on the seeded
 * catalog, half a search's), and shoppers type the same few words. The vocabulary is every
 * market's and every language's (catalog_words), so an entry holds no market's or language's
 * results, only words.
 *
 * A word the catalog lacks is never kept: a listing that adds it is found at once. A word's
 * variants may miss a word a listing adds nearby for at most `ttlMs` (the trigger that writes
 * catalog_words may run in any API process, so none could tell the others).
 */
export interface ExpansionCacheOptions extends ClockDeps {
  /** Most words kept; the least recently used goes first. */
  max?: number;
  ttlMs?: number;
}

export function createExpansionCache(options: ExpansionCacheOptions = {}) {
  const { max = 1_000, ttlMs = 60_000 } = options;
  const now = () => clock(options).getTime();
  const entries = new Map<string, { variants: string[]; expires: number }>();

  return {
    get(word: string): string[] | undefined {
      const entry = entries.get(word);
      if (!entry) return undefined;
      entries.delete(word);
      if (entry.expires <= now()) return undefined;
      // Put back last: the Map's order is the order of use.
      entries.set(word, entry);
      return [...entry.variants];
    },
    set(word: string, variants: string[]): void {
      if (variants.length === 0) return;
      entries.delete(word);
      entries.set(word, { variants, expires: now() + ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= max) break;
        entries.delete(oldest);
      }
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type ExpansionCache = ReturnType<typeof createExpansionCache>;
