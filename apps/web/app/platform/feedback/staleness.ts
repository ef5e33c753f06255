/**
 * Page data refreshes when the page becomes active again (its tab shown, its window focused) if
 * it is older than STALE_AFTER_MS, 30 000 ms (docs/product/pages.md, loading and staleness). A
 * shopper who left a kitchen's page open over lunch comes back to today's menu, not this
 * morning's.
 */
export const STALE_AFTER_MS = 30_000;

export function isStale(loadedAt: number, now: number, maxAgeMs = STALE_AFTER_MS): boolean {
  // A clock set back makes "now" earlier than the load: trust nothing and refresh.
  return now < loadedAt || now - loadedAt > maxAgeMs;
}

/**
 * Whether returning to the page should refresh it now: the page is visible, nothing is loading
 * already (a navigation would bring fresh data anyway), its data is stale, and the browser is
 * online: a refresh that cannot reach the server would replace what the shopper was reading
 * with an error page.
 */
export function shouldRefreshOnReturn(state: {
  visible: boolean;
  online: boolean;
  busy: boolean;
  loadedAt: number;
  now: number;
}): boolean {
  return state.visible && state.online && !state.busy && isStale(state.loadedAt, state.now);
}
