import { useEffect, useState } from 'react';

/**
 * False on the server and in the first render in the browser, true once hydrated: controls that
 * need JavaScript appear only when it runs, so the page without it never shows a dead button.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
