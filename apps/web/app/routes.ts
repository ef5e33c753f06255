import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table. `:lang?` carries the locale prefix: English pages are unprefixed, the
 * others live under /ar, /es, /fr, /pt, /sw. An unknown prefix or path is a 404.
 */
export default [
  route('set-locale', 'routes/set-locale.tsx'),
  route(':lang?', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    route('pages', 'routes/more-layout.tsx', [
      index('routes/not-found.tsx', { id: 'pages-index' }),
      route('contact', 'routes/contact-page.tsx'),
      route(':page', 'routes/static-page.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
