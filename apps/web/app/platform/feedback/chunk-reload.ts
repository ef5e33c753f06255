/**
 * After a code chunk fails to load, reload the page, at most once per 60 000 ms
 * (docs/product/pages.md, loading and staleness).
 * The usual cause is a deployment: the page still names the previous build's chunks, which
 * are gone; a reload fetches the new page and its chunks. If the chunk still fails within the
 * minute (the network is down, the build is broken), reloading again would loop: the error
 * page shows instead. The time of the last reload is kept in sessionStorage, per tab.
 */
export const CHUNK_RELOAD_KEY = 'malewa:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function lastReload(storage: Storage): number | undefined {
  const value = Number(storage.getItem(CHUNK_RELOAD_KEY));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Whether a reload now would be allowed, without claiming it. */
export function mayReloadForChunk(storage: Storage | undefined, now: number): boolean {
  if (!storage) return false;
  try {
    const last = lastReload(storage);
    // A clock set back (now < last) must not block reloads for good.
    return last === undefined || now < last || now - last >= CHUNK_RELOAD_INTERVAL_MS;
  } catch {
    return false;
  }
}

/**
 * Claims the reload: true (and the time recorded) when allowed. Without storage (private
 * modes that refuse it) there is no way to know a reload already happened, so never reload.
 */
export function claimChunkReload(storage: Storage | undefined, now: number): boolean {
  if (!mayReloadForChunk(storage, now)) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * The messages browsers and Vite give a failed dynamic import or module preload: Chromium,
 * Firefox, Safari, and Vite's preload helper.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** sessionStorage, or nothing where the browser refuses it. */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
