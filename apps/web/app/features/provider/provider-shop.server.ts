import type { MyShop } from '@malewa/contracts/orders/provider-orders';
import type { RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import { listMyShops } from './provider-api.server.ts';

/** One request's answer of GET /provider/shops: the layout, the page and its action all need it. */
const asked = new WeakMap<Readonly<RouterContextProvider>, Promise<MyShop[]>>();

/**
 * The shop a console page is about: `?shop=` when it is one the provider runs, else their
 * first; with none (the role without a shop), a 404 like any page that is not theirs.
 */
export async function currentShop(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
): Promise<{ shop: MyShop; shops: MyShop[] }> {
  let shops$ = asked.get(context);
  if (!shops$) {
    shops$ = listMyShops(context, request);
    asked.set(context, shops$);
  }
  const shops = await shops$;
  const chosen = url.searchParams.get('shop');
  const shop = shops.find((candidate) => candidate.id === chosen) ?? shops[0];
  if (!shop) throw data(null, { status: 404 });
  return { shop, shops };
}
