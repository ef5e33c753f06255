import type { FeaturedLists, ReplaceFeaturedRequest } from '@malewa/contracts/operator/featured';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { CatalogRepository } from '../features/catalog/catalog-repository.ts';
import type { FeaturedRepository } from '../features/catalog/featured-repository.ts';
import { isNamedBy } from '../id-or-slug-sql.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface CurateFeaturedDeps extends TransactionDeps {
  catalog: Pick<CatalogRepository, 'featuredOf' | 'byReferences'>;
  featured: Pick<FeaturedRepository, 'replaceFeatured'>;
  audit: AuditRepository;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  now?: Clock;
}

/** A service's featured lists in a market, as operators edit them. */
export async function getFeaturedLists(
  deps: Pick<CurateFeaturedDeps, 'catalog'>,
  countryCode: FeaturedLists['countryCode'],
  service: FeaturedLists['service'],
): Promise<FeaturedLists> {
  return { countryCode, service, ...(await deps.catalog.featuredOf(countryCode, service)) };
}

/**
 * Replaces a service's featured lists in a market, in order, in one transaction
 * with its audit entry (the lists before and after, by slug). Each entry is named by its id or
 * its slug; one that is not a shop or an item of that market and service is refused, field by
 * field; one given twice (by either) counts once.
 */
export async function replaceFeaturedLists(
  deps: CurateFeaturedDeps,
  principal: Principal,
  request: ReplaceFeaturedRequest,
): Promise<FeaturedLists> {
  const providerReferences = [...new Set(request.providers)];
  const itemReferences = [...new Set(request.items)];
  const found = await deps.catalog.byReferences(
    request.countryCode,
    request.service,
    providerReferences,
    itemReferences,
  );
  const named = (rows: { id: string; slug: string }[], reference: string) =>
    rows.find((row) => isNamedBy(row, reference));
  const fields: Record<string, string[]> = {};
  const unknownProviders = providerReferences.filter((reference) => !named(found.providers, reference));
  const unknownItems = itemReferences.filter((reference) => !named(found.items, reference));
  if (unknownProviders.length > 0)
    fields.providers = [`Not a shop of this market and service: ${unknownProviders.join(', ')}`];
  if (unknownItems.length > 0) fields.items = [`Not an item of this market and service: ${unknownItems.join(', ')}`];
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', 'Some entries need another look', { fields });
  // In the order given, each entry once however many times and ways it was named.
  const entries = (rows: { id: string; slug: string }[], references: string[]) => {
    const kept = new Map<string, { id: string; slug: string }>();
    for (const reference of references) {
      const row = named(rows, reference);
      if (row && !kept.has(row.id)) kept.set(row.id, row);
    }
    return [...kept.values()];
  };
  const providerEntries = entries(found.providers, providerReferences);
  const itemEntries = entries(found.items, itemReferences);

  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  const before = await deps.catalog.featuredOf(request.countryCode, request.service);
  await deps.transaction(async () => {
    await deps.featured.replaceFeatured(request.countryCode, request.service, {
      providers: providerEntries.map((row) => row.id),
      items: itemEntries.map((row) => row.id),
    });
    await deps.audit.record([
      {
        ...actor,
        action: 'featured.replace',
        subjectType: 'featured',
        subjectId: `${request.countryCode}/${request.service}`,
        before: { providers: before.providers.map((row) => row.slug), items: before.items.map((row) => row.slug) },
        after: { providers: providerEntries.map((row) => row.slug), items: itemEntries.map((row) => row.slug) },
        at,
      },
    ]);
  });
  return getFeaturedLists(deps, request.countryCode, request.service);
}
