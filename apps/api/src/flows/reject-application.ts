import type { Application } from '@malewa/contracts/join/application';
import { AppError } from '../app-error.ts';
import { clock } from '../clock.ts';
import { presentApplication } from '../features/join/join-repository.ts';
import type { Principal } from '../plugins/access-control.ts';
import { tellApplicant } from './application-messages.ts';
import { actorOf, type DecideApplicationDeps } from './approve-application.ts';

/**
 * An operator rejects a waiting application with a reason the applicant reads (issue 13 §2):
 * the application says so, the audit log records it, the applicant's email and SMS are
 * queued; all in one transaction. The applicant may apply again.
 */
export async function rejectApplication(
  deps: DecideApplicationDeps,
  principal: Principal,
  applicationId: string,
  reason: string,
): Promise<Application> {
  const at = clock(deps);
  const actor = await actorOf(deps, principal);
  await deps.transaction(async (tx) => {
    const application = await deps.join.lockForDecision(tx, applicationId);
    if (!application) throw new AppError('NOT_FOUND', 'No such application');
    if (application.status !== 'submitted') {
      throw new AppError('CONFLICT', `This application was already ${application.status}`);
    }
    await deps.join.decide(tx, application.id, {
      status: 'rejected',
      reason,
      providerId: null,
      by: principal.userId,
      at,
    });
    await deps.audit.record(tx, [
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
    await tellApplicant(deps, tx, application, {
      template: 'application-rejected',
      path: `/${application.service}/join`,
      reason,
    });
  });
  const row = await deps.join.byId(applicationId);
  if (!row) throw new Error('The application just rejected is gone');
  return presentApplication(row, await deps.join.documentsOf([applicationId]));
}
