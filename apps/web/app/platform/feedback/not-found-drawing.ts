import type { ComponentType } from 'react';

// The 404 page's drawing is a chunk of its own: in the shell every page's scripts would carry
// it. Not React.lazy: a lazy part is streamed after its page (a boundary the browser fills in
// with a script), so a page without JavaScript never showed it. The server loads it before
// rendering, and the browser before hydrating a page that has it (entry.server.tsx,
// entry.client.tsx); a 404 reached by a tap draws it once its chunk is in.
let drawing: ComponentType | undefined;

/** Loads the drawing's chunk (once); what it resolves to is also `loadedNotFoundDrawing()`'s. */
export async function loadNotFoundDrawing(): Promise<ComponentType> {
  drawing ??= (await import('./not-found-illustration.tsx')).NotFoundIllustration;
  return drawing;
}

/** The drawing, if its chunk has loaded. */
export function loadedNotFoundDrawing(): ComponentType | undefined {
  return drawing;
}
