/** Most words a query is searched by; the rest are ignored. */
const MAX_WORDS = 8;
/** Longest word searched; no catalog word is longer. */
const MAX_WORD_LENGTH = 40;

/**
 * A query folded as the catalog's documents are (lower case, no accents, any script's letters
 * and digits) and cut into words: `Matapá, jolof!` → `matapa`, `jolof`. Everything else is a
 * separator, so no character of a query can reach the full-text syntax. A word of one letter
 * (the `s` of `Hodan's`, an initial) is dropped when there are others: the catalog remembers
 * no such word, and every word must match, so it made a shop's own name find nothing.
 */
export function queryWords(query: string): string[] {
  const words = query
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  const longer = words.filter((word) => [...word].length > 1);
  return (longer.length > 0 ? longer : words)
    .slice(0, MAX_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
}
