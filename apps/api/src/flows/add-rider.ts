import type { AddFleetRiderRequest } from '@malewa/contracts/delivery/add-fleet-rider';
import type { AddShopRiderRequest } from '@malewa/contracts/delivery/add-shop-rider';
import type { Rider } from '@malewa/contracts/delivery/rider';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import type { AuditRepository } from '#api/features/audit/audit-repository.ts';
import type { AccountsRepository } from '#api/features/auth/accounts-repository.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from '#api/features/auth/identifier.ts';
import type { RiderRepository } from '#api/features/delivery/rider-repository.ts';
import type { OrderRepository } from '#api/features/orders/order-repository.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export type AddRiderDeps = {
  accounts: Pick<AccountsRepository, 'findByIdentifiers' | 'grantRole' | 'revokeRole' | 'contactOf'>;
  riders: RiderRepository;
  orders: Pick<OrderRepository, 'runsShop'>;
  audit: Pick<AuditRepository, 'record'>;
} & TransactionDeps &
  ClockDeps;

/** The account a rider signs in with: it must exist (riders register like anyone else first). */
async function accountFor(deps: AddRiderDeps, identifier: string): Promise<string> {
  const reading = readIdentifier(identifier);
  if (!reading.ok) {
    throw new AppError('VALIDATION_FAILED', IDENTIFIER_MESSAGES[reading.reason], {
      fields: { identifier: [IDENTIFIER_MESSAGES[reading.reason]] },
    });
  }
  const [account] = await deps.accounts.findByIdentifiers([reading.identifier.value]);
  if (!account) {
    const message = `No Malewa account signs in with ${reading.identifier.value}: ask them to register first`;
    throw new AppError('NOT_FOUND', message, { fields: { identifier: [message] } });
  }
  return account.user.id;
}

async function added(deps: AddRiderDeps, input: Parameters<RiderRepository['addRider']>[0]): Promise<Rider> {
  const riderId = await deps.riders.addRider(input);
  if (!riderId) {
    const message = 'This person already rides, for a shop or for the fleet';
    throw new AppError('CONFLICT', message, { fields: { identifier: [message] } });
  }
  await deps.accounts.grantRole(input.userId, 'rider');
  const rider = await deps.riders.listOne(riderId);
  if (!rider) throw new Error('The rider just added is gone');
  return rider;
}

/** A shop's people add one of its own riders (docs/decisions/0034). Another shop: 404. */
export async function addShopRider(
  deps: AddRiderDeps,
  principal: Principal,
  shopId: string,
  input: AddShopRiderRequest,
): Promise<Rider> {
  return deps.transaction(async () => {
    if (!(await deps.orders.runsShop(principal.userId, shopId))) throw new AppError('NOT_FOUND', 'No such shop');
    const userId = await accountFor(deps, input.identifier);
    return added(deps, { userId, shopId, locationId: null, vehicle: input.vehicle, shopIds: [] });
  });
}

/** An operator adds a rider to the fleet, for a city, for shops, or both (logged). */
export async function addFleetRider(
  deps: AddRiderDeps,
  principal: Principal,
  input: AddFleetRiderRequest,
): Promise<Rider> {
  return deps.transaction(async () => {
    const userId = await accountFor(deps, input.identifier);
    const shops = await deps.riders.existingShops(input.shopIds);
    if (shops.length !== new Set(input.shopIds).size) {
      throw new AppError('NOT_FOUND', 'No such shop', { fields: { shopIds: ['One of these shops does not exist'] } });
    }
    const rider = await added(deps, {
      userId,
      shopId: null,
      locationId: input.locationId,
      vehicle: input.vehicle,
      shopIds: shops,
    });
    await deps.audit.record([
      {
        ...(await actorOf(deps, principal)),
        action: 'rider.add',
        subjectType: 'rider',
        subjectId: rider.id,
        before: null,
        after: { contact: rider.contact, vehicle: rider.vehicle, locationId: rider.locationId, shopIds: rider.shopIds },
        at: clock(deps),
      },
    ]);
    return rider;
  });
}

/** A shop stops one of its own riders (not while they carry one of its orders). */
export async function removeShopRider(
  deps: AddRiderDeps,
  principal: Principal,
  shopId: string,
  riderId: string,
): Promise<{ id: string }> {
  return deps.transaction(async () => {
    if (!(await deps.orders.runsShop(principal.userId, shopId))) throw new AppError('NOT_FOUND', 'No such rider');
    const rider = await deps.riders.riderById(riderId);
    if (!rider || rider.shopId !== shopId) throw new AppError('NOT_FOUND', 'No such rider');
    await deps.riders.lockRider(rider.id);
    if (await deps.riders.isBusy(rider.id)) {
      throw new AppError('CONFLICT', `${rider.firstName} is delivering an order: remove them once it is delivered`);
    }
    await deps.riders.removeShopRider(shopId, rider.id);
    await deps.accounts.revokeRole(rider.userId, 'rider');
    return { id: rider.id };
  });
}
