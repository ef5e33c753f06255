import { createContext } from 'react';

/**
 * What a route's `handle` says of the page's scripts: `false` never (the offline page: shown
 * under another address, the router would replace it with an error), `'always'` even on light
 * pages (the rider's page: sharing the position needs them).
 */
export interface ScriptsHandle {
  hydrate?: false | 'always';
}

const hydrateOf = (handle: unknown) => (handle as ScriptsHandle | undefined)?.hydrate;

/**
 * Whether the document carries its scripts: not when a matched route forbids them, nor on a
 * light page (light-pages.server.ts) unless a matched route needs them. A page the browser already
 * hydrated keeps them (`inBrowser`): its scripts are running.
 */
export function sendsScripts(handles: readonly unknown[], light: boolean, inBrowser: boolean): boolean {
  if (handles.some((handle) => hydrateOf(handle) === false)) return false;
  if (inBrowser || !light) return true;
  return handles.some((handle) => hydrateOf(handle) === 'always');
}

/** Whether this document carries its scripts (root.tsx decides with `sendsScripts`). */
export const PageScriptsContext = createContext(true);
