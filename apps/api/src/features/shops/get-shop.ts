import { AppError } from '#api/app-error.ts';
import type { ShopAdminRepository } from './shop-admin-repository.ts';

/** One shop for operators, with its latest orders and their ratings. */
export async function getShop(deps: { shops: ShopAdminRepository }, id: string) {
  const shop = await deps.shops.byId(id);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  return { ...shop, recentOrders: await deps.shops.recentOrders(id) };
}
