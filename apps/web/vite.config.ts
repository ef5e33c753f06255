import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompressAssets } from './vite.precompress.ts';
import { serviceWorker } from './vite.service-worker.ts';

/** React, React DOM and React Router: the framework, one long-cached chunk apart from our code. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * Our code in two shared chunks beside the routes' own: the shell (platform, ui, shell: what
 * every page runs) and the catalog's components (every catalog page uses most of them), but
 * not the map's drawing, which loads with Leaflet on the map view only. Left to itself, the
 * bundler split them into some twenty files under 1 KB each: twenty requests for a page on
 * 2G, sent uncompressed (too small to be worth it), about 5 KB more than one file. The
 * stylesheets' addresses (`styles/*.css?url`, a line each) go with the shell too: shared by two
 * routes, each became a file of its own. Not the header's language list and theme form:
 * they load when their panel first opens (ui/use-panel-on-open.ts); nor the footer's switch of
 * light and full pages, which only the pages that show it ask for. Nor the parts of one area
 * only (`AREA_ONLY`: a week's hours in the join form and the shop settings, the maps' styles,
 * subscribing a phone to Web Push on the notifications page, the rider page's styles,
 * the information pages' article, the lists of the carts page and the operator's review, the
 * kept date formatters of the account's, the provider's and the offers' pages, the forms'
 * alerts and the forms module of the pages with forms, the consoles' idempotency keys, the 404
 * page's drawing, the waiting pages' reload without scripts): in the shell,
 * every page paid for them.
 */
const SHELL = /[\\/]app[\\/](platform|ui|shell(?![\\/](?:language-list|theme-form|pages-switch)\.)|styles)[\\/]/;
const AREA_ONLY =
  /[\\/]app[\\/](ui[\\/](week-hours|week-hours-fields|leaflet-styles|ltr-list)|shell[\\/]static-article|platform[\\/](i18n[\\/](list-format|intl-formats)|feedback[\\/](alert(-area)?|not-found-illustration)|http[\\/](uuid|reload-without-scripts)|notifications[\\/]web-push)|styles[\\/]rider)\.|[\\/]app[\\/]platform[\\/]forms[\\/]/;
const inShell = (id: string) => SHELL.test(id) && !AREA_ONLY.test(id);
const CATALOG = /[\\/]app[\\/]features[\\/]catalog[\\/](?!draw-map)/;
/**
 * The forms' alerts and the browser's part of the forms module (its readers, the kept values of
 * a send that never arrived), out of the shell (`AREA_ONLY`): one file for the pages with forms.
 */
const ALERTS = /[\\/]app[\\/]platform[\\/](feedback[\\/]alert(-area)?\.|forms[\\/])/;

export default defineConfig({
  environments: {
    // The framework in a chunk of its own: it changes only when we upgrade it, so browsers
    // keep it across our releases, and `npm run bench:web` can tell our bytes from its bytes.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                { name: 'shell', test: inShell, priority: 1 },
                { name: 'catalog', test: CATALOG },
                { name: 'alerts', test: ALERTS },
              ],
            },
          },
        },
      },
    },
    // The Express app (server/app.ts) is the SSR entry, so the built server exports it with the
    // React Router handler already wired (the React Router node-custom-server layout).
    ssr: {
      build: {
        rollupOptions: { input: './server/app.ts' },
      },
    },
  },
  plugins: [reactRouter(), precompressAssets(), serviceWorker()],
});
