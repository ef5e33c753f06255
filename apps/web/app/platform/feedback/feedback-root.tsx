import { useEffect, useRef } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';
import { claimChunkReload, isChunkLoadError, sessionStore } from './chunk-reload.ts';
import { type FlashToast, takeFlashToastCookie } from './flash-toast.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { shouldRefreshOnReturn } from './staleness.ts';
import { ToastRegion } from './toast-region.tsx';
import { toasts } from './toast-store.ts';

/**
 * Everything the page does to keep the shopper informed, mounted once in the root layout: the
 * toasts, the navigation progress bar, the refresh of stale data on return, and the reload
 * after a failed code chunk. `serverToast` comes from the root loader.
 */
export function FeedbackRoot({ serverToast }: { serverToast: FlashToast | null }) {
  useServerNotifications(serverToast);
  useRefreshOnReturn();
  useReloadOnPreloadError();
  return (
    <>
      <NavigationProgress />
      <ToastRegion serverToast={serverToast} />
    </>
  );
}

/**
 * The server's toast reaches the page in the root loader's data, or, when the response
 * that raised it carried no page (a redirect, a script submission), in a cookie taken as soon
 * as the navigation settles. Either may bring the same one: the store shows an id once.
 */
function useServerNotifications(fromLoader: FlashToast | null) {
  const navigating = useNavigation().state !== 'idle';
  const fetching = useFetchers().some((fetcher) => fetcher.state !== 'idle');
  const settled = !navigating && !fetching;

  useEffect(() => {
    if (fromLoader) toasts.push(fromLoader);
  }, [fromLoader]);

  useEffect(() => {
    if (!settled) return;
    const waiting = takeFlashToastCookie();
    if (waiting) toasts.push(waiting);
  }, [settled]);
}

/** Returning to a page whose data is older than 30 s loads it again (staleness.ts). */
function useRefreshOnReturn() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== 'idle' || revalidator.state !== 'idle';
  const loadedAt = useRef(0);
  const latest = useRef({ busy, revalidate: revalidator.revalidate });

  useEffect(() => {
    latest.current = { busy, revalidate: revalidator.revalidate };
  }, [busy, revalidator.revalidate]);

  useEffect(() => {
    // Every navigation or refresh that settles (and the first render) has just brought the data.
    if (!busy) loadedAt.current = Date.now();
  }, [busy]);

  useEffect(() => {
    const onReturn = () => {
      const now = Date.now();
      const state = {
        visible: document.visibilityState === 'visible',
        online: navigator.onLine,
        busy: latest.current.busy,
        loadedAt: loadedAt.current,
        now,
      };
      if (!shouldRefreshOnReturn(state)) return;
      // Both events fire on one return: the first one refreshes.
      loadedAt.current = now;
      void latest.current.revalidate();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, []);
}

/**
 * Vite announces a module preload that failed with `vite:preloadError`; cancelling it and
 * reloading fetches the current build (chunk-reload.ts, at most once a minute). When the
 * guard refuses, the error goes on to the error page.
 */
function useReloadOnPreloadError() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (!claimChunkReload(sessionStore(), Date.now())) return;
      event.preventDefault();
      window.location.reload();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
}

/** For error boundaries: a route whose code failed to load reloads the page, once a minute at most. */
export function useReloadAfterChunkFailure(error: unknown) {
  useEffect(() => {
    if (isChunkLoadError(error) && claimChunkReload(sessionStore(), Date.now())) window.location.reload();
  }, [error]);
}
