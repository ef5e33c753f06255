import { data } from 'react-router';
import { refusalContext } from '#app/context.ts';
import type { Route } from './+types/refused-page';

/**
 * Served without scripts: the browser's address is the refused request's (`/set-theme`, a
 * form's page), not `/errors/403`, so the router in the browser would match another route than
 * the one whose error the server rendered and fail to hydrate. The page is links only.
 */
export const handle = { hydrate: false };

/**
 * `/errors/:status`: the error page of a request the server refused before any page could run
 * (a method it does not serve, a post that is not a form or is too large, a form whose CSRF
 * token failed), rendered by the layout's error boundary with that status. Asked for by anyone
 * else, the address does not exist.
 */
export function loader({ params, context }: Route.LoaderArgs): never {
  const status = context.get(refusalContext);
  if (status === null || String(status) !== params.status) throw data(null, { status: 404 });
  throw data(null, { status });
}

export default function RefusedPage() {
  return null;
}
