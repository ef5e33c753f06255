import type { Application } from '@malewa/contracts/join/application';
import { clock } from '../clock.ts';
import { getApplication } from '../features/join/get-application.ts';
import type { Principal } from '../plugins/access-control.ts';
import { slugify } from '../slugify.ts';
import { type DecideApplicationDeps, lockWaitingApplication, tellApplicant } from './application-decision.ts';
import { actorOf } from './operator-actor.ts';

/**
 * An operator approves a waiting application (docs/product/providers.md, operator review), in
 * one transaction: the shop is made and active, the applicant's account runs it and holds the
 * provider role, the application says so, the audit log records both acts, and the applicant's
 * email and SMS are queued. An application already decided is a 409 that says how.
 */
export async function approveApplication(
  deps: DecideApplicationDeps,
  principal: Principal,
  applicationId: string,
): Promise<Application> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  await deps.transaction(async () => {
    const application = await lockWaitingApplication(deps, applicationId);
    const shop = await deps.shops.createShop({
      slugBase: slugify(`${application.businessName} ${application.cityName}`) || 'shop',
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
    await deps.shops.addMember(shop.id, application.userId);
    await deps.accounts.grantRole(application.userId, 'provider');
    await deps.join.decide(application.id, {
      status: 'approved',
      reason: null,
      providerId: shop.id,
      by: principal.userId,
      at,
    });
    await deps.audit.record([
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
    await tellApplicant(deps, application, { template: 'application-approved', path: '/provider' });
  });
  return getApplication(deps, applicationId);
}
