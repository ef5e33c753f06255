import type { FeaturedLists, ReplaceFeaturedRequest } from '@malewa/contracts/operator/featured';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AuthRepository } from '../features/auth/auth-repository.ts';
import type { CatalogRepository } from '../features/catalog/catalog-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';

export interface CurateFeaturedDeps extends TransactionDeps {
  catalog: Pick<CatalogRepository, 'featuredOf' | 'bySlugs' | 'replaceFeatured'>;
  audit: AuditRepository;
  accounts: Pick<AuthRepository, 'contactOf'>;
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
 * Replaces a service's featured lists in a market (issue 13 §2), by slugs in order, in one
 * transaction with its audit entry (the lists before and after). A slug that is not a shop or
 * an item of that market and service is refused, field by field; one given twice counts once.
 */
export async function replaceFeaturedLists(
  deps: CurateFeaturedDeps,
  principal: Principal,
  request: ReplaceFeaturedRequest,
): Promise<FeaturedLists> {
  const providerSlugs = [...new Set(request.providers)];
  const itemSlugs = [...new Set(request.items)];
  const found = await deps.catalog.bySlugs(request.countryCode, request.service, providerSlugs, itemSlugs);
  const idOf = (rows: { id: string; slug: string }[], slug: string) => rows.find((row) => row.slug === slug)?.id;
  const fields: Record<string, string[]> = {};
  const unknownProviders = providerSlugs.filter((slug) => !idOf(found.providers, slug));
  const unknownItems = itemSlugs.filter((slug) => !idOf(found.items, slug));
  if (unknownProviders.length > 0)
    fields.providers = [`Not a shop of this market and service: ${unknownProviders.join(', ')}`];
  if (unknownItems.length > 0) fields.items = [`Not an item of this market and service: ${unknownItems.join(', ')}`];
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', 'Some entries need another look', { fields });

  const [actor, at] = [await actorOf(deps, principal), clock(deps)];
  const before = await deps.catalog.featuredOf(request.countryCode, request.service);
  await deps.transaction(async () => {
    await deps.catalog.replaceFeatured(request.countryCode, request.service, {
      providers: providerSlugs.map((slug) => idOf(found.providers, slug) as string),
      items: itemSlugs.map((slug) => idOf(found.items, slug) as string),
    });
    await deps.audit.record([
      {
        ...actor,
        action: 'featured.replace',
        subjectType: 'featured',
        subjectId: `${request.countryCode}/${request.service}`,
        before: { providers: before.providers.map((row) => row.slug), items: before.items.map((row) => row.slug) },
        after: { providers: providerSlugs, items: itemSlugs },
        at,
      },
    ]);
  });
  return getFeaturedLists(deps, request.countryCode, request.service);
}
