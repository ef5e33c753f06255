import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadNotFoundDrawing } from './platform/feedback/not-found-drawing.ts';
import { loadPreloadedMessageBundles } from './platform/i18n/message-bundle.tsx';

/**
 * React Router's default client entry, once the page's texts are here (decision 19): a
 * hydration that suspended on them would have to finish at once when the shopper taps or types
 * before they arrive, which React cannot do without a Suspense boundary. Should they not load
 * (offline with nothing cached), the page stays as the server rendered it, working without
 * JavaScript.
 */
// A 404 page holds the drawing the server rendered: hydrated with it, or React would replace it.
const drawing = document.querySelector('svg.not-found-illustration') ? loadNotFoundDrawing() : undefined;

Promise.all([loadPreloadedMessageBundles(), drawing]).then(
  () => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    console.warn('The page’s texts did not load; it works without its scripts.', error);
  },
);
