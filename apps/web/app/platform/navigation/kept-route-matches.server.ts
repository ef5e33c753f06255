import type { StaticHandlerContext } from 'react-router';

export type Match = StaticHandlerContext['_match'];

/** Far more than the pages' ancestors ("/", "/food", "/fr", "/fr/food", …); made-up paths only empty it. */
const MAX_KEPT_MATCHES = 2000;
const keptMatches = new WeakMap<Match, Map<string, ReturnType<Match>>>();

/**
 * The route matches of a path, kept per route table. Lazy route discovery names the routes of a
 * page's ancestors in its HTML ("/" and "/food" for /food/meals), matching each against the
 * whole table on every render: with every route twice (with and without `:lang?`), "/" is found
 * at the last of some 270 branches. That was a seventh of a page's CPU. A route table is fixed
 * for the life of its build, so the answer for a path is too.
 */
export function keepingMatches(match: Match): Match {
  let kept = keptMatches.get(match);
  if (!kept) {
    kept = new Map();
    keptMatches.set(match, kept);
  }
  const byPath = kept;
  return (location) => {
    if (typeof location !== 'string') return match(location);
    if (byPath.has(location)) return byPath.get(location) ?? null;
    const matches = match(location);
    if (byPath.size >= MAX_KEPT_MATCHES) byPath.clear();
    byPath.set(location, matches);
    return matches;
  };
}
