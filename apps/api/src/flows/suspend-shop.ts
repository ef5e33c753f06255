import type { OperatorProvider } from '@malewa/contracts/operator/providers';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { ShopAdminRepository } from '../features/shops/shop-admin-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface ShopMoveDeps extends TransactionDeps {
  shops: ShopAdminRepository;
  audit: AuditRepository;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  now?: Clock;
}

/**
 * An operator suspends a shop (docs/product/providers.md, shops), in one transaction with its
 * audit entry: it leaves the storefront's lists, pages and search (they read active shops
 * only), and checkout refuses its items (a cart's line of an inactive shop is unavailable). Its
 * orders under way go on.
 */
export async function suspendShop(
  deps: ShopMoveDeps,
  principal: Principal,
  id: string,
  reason: string,
): Promise<OperatorProvider> {
  return moveShop(deps, principal, id, { to: 'suspended', reason });
}

/** An operator reinstates a suspended shop: back in the storefront, taking orders again. */
export async function reinstateShop(deps: ShopMoveDeps, principal: Principal, id: string): Promise<OperatorProvider> {
  return moveShop(deps, principal, id, { to: 'active' });
}

async function moveShop(
  deps: ShopMoveDeps,
  principal: Principal,
  id: string,
  move: { to: 'suspended'; reason: string } | { to: 'active' },
): Promise<OperatorProvider> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  await deps.transaction(async () => {
    const shop = await deps.shops.lock(id);
    if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
    const from = move.to === 'suspended' ? 'active' : 'suspended';
    if (shop.status !== from) {
      throw new AppError(
        'CONFLICT',
        shop.status === 'pending' ? 'This shop has not opened yet' : `This shop is already ${shop.status}`,
      );
    }
    await deps.shops.setStatus(id, move.to, move.to === 'suspended' ? { reason: move.reason, at } : null, at);
    await deps.audit.record([
      {
        ...actor,
        action: move.to === 'suspended' ? 'provider.suspend' : 'provider.reinstate',
        subjectType: 'provider',
        subjectId: id,
        before: { status: shop.status, name: shop.name, slug: shop.slug },
        after: { status: move.to, ...(move.to === 'suspended' ? { reason: move.reason } : {}) },
        at,
      },
    ]);
  });
  const moved = await deps.shops.byId(id);
  if (!moved) throw new Error('The shop just moved is gone');
  return moved;
}
