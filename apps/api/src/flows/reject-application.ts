import type { Application } from '@malewa/contracts/join/application';
import { clock } from '../clock.ts';
import { getApplication } from '../features/join/get-application.ts';
import type { Principal } from '../plugins/access-control.ts';
import { type DecideApplicationDeps, lockWaitingApplication, tellApplicant } from './application-decision.ts';
import { actorOf } from './operator-actor.ts';

/**
 * An operator rejects a waiting application with a reason the applicant reads
 * (docs/product/providers.md, operator review): the application says so, the audit log records
 * it, the applicant's email and SMS are queued; all in one transaction. The applicant may apply
 * again.
 */
export async function rejectApplication(
  deps: DecideApplicationDeps,
  principal: Principal,
  applicationId: string,
  reason: string,
): Promise<Application> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  await deps.transaction(async () => {
    const application = await lockWaitingApplication(deps, applicationId);
    await deps.join.decide(application.id, {
      status: 'rejected',
      reason,
      providerId: null,
      by: principal.userId,
      at,
    });
    await deps.audit.record([
      {
        ...actor,
        action: 'application.reject',
        subjectType: 'application',
        subjectId: application.id,
        before: { status: 'submitted' },
        after: { status: 'rejected', reason },
        at,
      },
    ]);
    await tellApplicant(deps, application, {
      template: 'application-rejected',
      path: `/${application.service}/join`,
      reason,
    });
  });
  return getApplication(deps, applicationId);
}
