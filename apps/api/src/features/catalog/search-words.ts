/** Most words a query is searched by; the rest are ignored. */
const MAX_WORDS = 8;
/** Longest word searched; no catalog word is longer. */
const MAX_WORD_LENGTH = 40;

/**
 * A query folded as the catalog's documents are (lower case, no accents, any script's letters
 * and digits) and cut into words: `Matapá, jolof!` → `matapa`, `jolof`. Everything else is a
 * separator, so no character of a query can reach the full-text syntax.
 */
export function queryWords(query: string): string[] {
  return query
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
}
