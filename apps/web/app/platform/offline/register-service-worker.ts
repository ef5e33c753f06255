/**
 * Registers the offline worker (`/sw.js`, sw/service-worker.ts) lazily (docs/product/pages.md,
 * offline): only once the page has loaded and the browser is idle, so it never competes with
 * the page's own requests on 2G. A browser without service workers, or one that refuses the
 * registration (private mode, an insecure origin, the worker missing in development), is
 * ignored silently: the site works the same, only not offline. Returns a function that cancels
 * a pending registration.
 */
export function registerServiceWorkerWhenIdle(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  let cancelled = false;
  const register = () => {
    if (cancelled) return;
    try {
      navigator.serviceWorker.register('/sw.js').catch(() => {});
    } catch {
      // Some browsers throw instead of rejecting; the answer is the same.
    }
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
  };
}
