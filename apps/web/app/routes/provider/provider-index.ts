import { redirect } from 'react-router';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import type { Route } from './+types/provider-index';

/** `/provider`: the console opens on the shop's order board, the shop kept. */
export function loader({ url }: Route.LoaderArgs) {
  const shop = url.searchParams.get('shop');
  const board = localizePath('/provider/orders', localeOfPath(url.pathname).code);
  throw redirect(shop ? `${board}?shop=${encodeURIComponent(shop)}` : board);
}
