import type { MyShop } from '@malewa/contracts/orders/provider-orders';
import type { RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import { listMyShops } from './provider-api.server.ts';

/**
 * The shop a console page is about: `?shop=` when it is one the provider runs, else their
 * first; with none (the role without a shop), a 404 like any page that is not theirs.
 */
export async function currentShop(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
): Promise<{ shop: MyShop; shops: MyShop[] }> {
  const shops = await listMyShops(context, request);
  const chosen = url.searchParams.get('shop');
  const shop = shops.find((candidate) => candidate.id === chosen) ?? shops[0];
  if (!shop) throw data(null, { status: 404 });
  return { shop, shops };
}
