import type { CreateLocationRequest } from '@malewa/contracts/locations/create-location';
import type { Location } from '@malewa/contracts/locations/location';
import type { UpdateLocationRequest } from '@malewa/contracts/locations/update-location';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import { createLocation } from '../features/locations/create-location.ts';
import { deleteLocation } from '../features/locations/delete-location.ts';
import { getLocation } from '../features/locations/get-location.ts';
import type { LocationsRepository } from '../features/locations/locations-repository.ts';
import { updateLocation } from '../features/locations/update-location.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface LocationWriteDeps extends TransactionDeps {
  audit: AuditRepository;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  locations: LocationsRepository;
  now?: Clock;
}

/** What the log keeps of a location: enough to tell what changed. */
function snapshot(location: Location): Record<string, unknown> {
  const { id: _id, ...rest } = location;
  return rest;
}

/**
 * An operator's edits of the locations (every operator action is in the audit log:
 * docs/product/providers.md, audit log), each in one transaction with its entry: the location
 * as it was and as it is.
 */
export async function createLocationLogged(
  deps: LocationWriteDeps,
  principal: Principal,
  input: CreateLocationRequest,
) {
  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  return deps.transaction(async () => {
    // The row's times are the log entry's.
    const created = await createLocation({ locations: deps.locations, now: () => at }, input);
    await deps.audit.record([
      {
        ...actor,
        action: 'location.create',
        subjectType: 'location',
        subjectId: created.id,
        before: null,
        after: snapshot(created),
        at,
      },
    ]);
    return created;
  });
}

export async function updateLocationLogged(
  deps: LocationWriteDeps,
  principal: Principal,
  id: string,
  input: UpdateLocationRequest,
) {
  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  return deps.transaction(async () => {
    const locations = deps.locations;
    const before = await getLocation({ locations }, id);
    const updated = await updateLocation({ locations, now: () => at }, id, input);
    await deps.audit.record([
      {
        ...actor,
        action: 'location.update',
        subjectType: 'location',
        subjectId: id,
        before: snapshot(before),
        after: snapshot(updated),
        at,
      },
    ]);
    return updated;
  });
}

export async function deleteLocationLogged(deps: LocationWriteDeps, principal: Principal, id: string) {
  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  return deps.transaction(async () => {
    const locations = deps.locations;
    const before = await getLocation({ locations }, id);
    const deleted = await deleteLocation({ locations }, id);
    await deps.audit.record([
      {
        ...actor,
        action: 'location.delete',
        subjectType: 'location',
        subjectId: id,
        before: snapshot(before),
        after: null,
        at,
      },
    ]);
    return deleted;
  });
}
