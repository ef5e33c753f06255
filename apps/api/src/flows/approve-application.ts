import type { Application } from '@malewa/contracts/join/application';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AuthRepository } from '../features/auth/auth-repository.ts';
import type { CatalogRepository } from '../features/catalog/catalog-repository.ts';
import { type JoinRepository, presentApplication } from '../features/join/join-repository.ts';
import { slugify } from '../features/locations/settle-location.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import { tellApplicant } from './application-messages.ts';

export interface DecideApplicationDeps {
  join: JoinRepository;
  catalog: Pick<CatalogRepository, 'createProvider' | 'addMember'>;
  accounts: Pick<AuthRepository, 'grantRole' | 'contactOf'>;
  audit: AuditRepository;
  outbox: OutboxRepository;
  publicOrigin: string;
  transaction: <T>(work: (tx: Parameters<AuditRepository['record']>[0]) => Promise<T>) => Promise<T>;
  now?: Clock;
}

/** Who the operator is in the log: the identifier they sign in with, kept beside their id. */
export async function actorOf(deps: Pick<DecideApplicationDeps, 'accounts'>, principal: Principal) {
  const contact = await deps.accounts.contactOf(principal.userId);
  return { actorId: principal.userId, actorLabel: contact?.identifier ?? principal.userId };
}

/**
 * An operator approves a waiting application (issue 13 §2), in one transaction: the shop is
 * made and active, the applicant's account runs it and holds the provider role, the
 * application says so, the audit log records both acts, and the applicant's email and SMS
 * are queued. An application already decided is a 409 that says how.
 */
export async function approveApplication(
  deps: DecideApplicationDeps,
  principal: Principal,
  applicationId: string,
): Promise<Application> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  await deps.transaction(async (tx) => {
    const application = await deps.join.lockForDecision(tx, applicationId);
    if (!application) throw new AppError('NOT_FOUND', 'No such application');
    if (application.status !== 'submitted') {
      throw new AppError('CONFLICT', `This application was already ${application.status}`);
    }
    const city = await deps.join.byId(application.id, tx);
    const shop = await deps.catalog.createProvider(tx, {
      slugBase: slugify(`${application.businessName} ${city?.cityName ?? ''}`) || 'shop',
      service: application.service,
      kind: application.kind,
      name: application.businessName,
      description: { [application.locale]: application.description },
      countryCode: application.countryCode,
      locationId: application.locationId,
      area: application.area,
      street: application.street,
      latitude: application.latitude,
      longitude: application.longitude,
      hours: application.hours,
      byAppointment: application.service === 'chef',
      deliveryRadiusKm: 5,
      deliveryFeeBase: 0,
      deliveryFeePerKm: 0,
      minimumOrder: 0,
      prepMinutes: 30,
    });
    await deps.catalog.addMember(tx, shop.id, application.userId);
    await deps.accounts.grantRole(application.userId, 'provider', tx);
    await deps.join.decide(tx, application.id, {
      status: 'approved',
      reason: null,
      providerId: shop.id,
      by: principal.userId,
      at,
    });
    await deps.audit.record(tx, [
      {
        ...actor,
        action: 'application.approve',
        subjectType: 'application',
        subjectId: application.id,
        before: { status: 'submitted' },
        after: { status: 'approved', providerId: shop.id },
        at,
      },
      {
        ...actor,
        action: 'provider.create',
        subjectType: 'provider',
        subjectId: shop.id,
        before: null,
        after: { slug: shop.slug, name: application.businessName, service: application.service, status: 'active' },
        at,
      },
    ]);
    await tellApplicant(deps, tx, application, { template: 'application-approved', path: '/provider' });
  });
  const row = await deps.join.byId(applicationId);
  if (!row) throw new Error('The application just approved is gone');
  return presentApplication(row, await deps.join.documentsOf([applicationId]));
}
