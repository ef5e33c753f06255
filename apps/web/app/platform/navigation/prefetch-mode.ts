import { useSyncExternalStore } from 'react';

/** The parts of `navigator` the policy reads; `connection` is Chromium's Network Information API. */
export type NetworkState = {
  onLine: boolean;
  connection?: { effectiveType?: string; saveData?: boolean } | undefined;
  /** Whether the main pointer can hover (a mouse); a phone's finger cannot. */
  canHover?: boolean;
};

/**
 * Link prefetching is skipped on 2G connections, in data-saver mode and offline
 * (docs/product/pages.md, prefetch policy) — on those a guessed download costs the shopper
 * money or delays the page they did ask for. Browsers without the Network Information API
 * (Safari, Firefox) report nothing: prefetch. Nor where nothing hovers: a touch's intent comes
 * a moment before its tap, whose own request does not wait for the prefetch, so the page's
 * data was downloaded twice (bench:journey).
 */
export function prefetchAllowed(network: NetworkState): boolean {
  if (!network.onLine || network.canHover === false) return false;
  const connection = network.connection;
  if (connection?.saveData) return false;
  return !/(^|-)2g$/.test(connection?.effectiveType ?? '');
}

type EventSource = {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
};

function subscribe(onChange: () => void): () => void {
  const connection = (navigator as { connection?: EventSource }).connection;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  connection?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    connection?.removeEventListener('change', onChange);
  };
}

/**
 * 'intent' (prefetch on hover or focus) when the network allows it, else 'none'. The server
 * renders 'none'; both render the same markup, since intent prefetching adds tags only on hover.
 */
export function usePrefetchMode(): 'intent' | 'none' {
  return useSyncExternalStore(
    subscribe,
    () =>
      prefetchAllowed({
        ...(navigator as unknown as NetworkState),
        canHover: typeof matchMedia === 'function' ? matchMedia('(hover: hover)').matches : undefined,
      })
        ? 'intent'
        : 'none',
    () => 'none',
  );
}
