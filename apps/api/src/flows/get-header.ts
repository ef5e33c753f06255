import { HEADER_NOTIFICATIONS, type Header } from '@malewa/contracts/account/get-header';
import type { AuthDeps } from '../features/auth/auth-deps.ts';
import { getMe } from '../features/auth/get-me.ts';
import type { CartRepository } from '../features/carts/cart-repository.ts';
import type { CartShopper } from '../features/carts/cart-shopper.ts';
import { countCartLines } from '../features/carts/count-cart-lines.ts';
import { listNotifications } from '../features/notifications/list-notifications.ts';
import type { NotificationsRepository } from '../features/notifications/notifications-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import { isPlaceRefused, type PlaceHeaders } from '../shopper-market.ts';

export type GetHeaderDeps = Pick<AuthDeps, 'accounts'> & {
  notifications: NotificationsRepository;
  carts: CartRepository;
};

/**
 * The signed-in shopper's header: the account, the newest notifications and the cart counts,
 * each by its own feature's service, so the answer is exactly what the three reads give. A
 * market the request cannot name costs only the counts (null), as GET /api/carts's 400 did.
 */
export async function getHeader(deps: GetHeaderDeps, principal: Principal, place: PlaceHeaders): Promise<Header> {
  const [me, notifications, carts] = await Promise.all([
    getMe(deps, principal),
    listNotifications(deps, principal, { page: 1, perPage: HEADER_NOTIFICATIONS, unread: false }),
    countCartLines(deps, { ...place, principal, cartToken: undefined } satisfies CartShopper).catch(
      (error: unknown) => {
        if (isPlaceRefused(error)) return null;
        throw error;
      },
    ),
  ]);
  return { me, notifications: { data: notifications.data, unread: notifications.meta.unread }, carts };
}
