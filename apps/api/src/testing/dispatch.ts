import type { Database } from '@malewa/db/database';
import { createJobRepository, type JobRepository } from '../features/delivery/job-repository.ts';
import { createRiderRepository } from '../features/delivery/rider-repository.ts';
import { createNotificationsRepository } from '../features/notifications/notifications-repository.ts';
import { createPushRepository } from '../features/notifications/push-repository.ts';
import type { DispatchDeps } from '../flows/dispatch-jobs.ts';
import { createOutboxRepository } from '../messages/outbox-repository.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { TEST_CONFIG } from './test-app.ts';

/**
 * What server.ts gives the dispatcher, on the test's database. `jobs` is the jobs repository
 * unless a test brings one of its own (a fault in one job's work, say).
 */
export function dispatchDepsOf(
  database: Database,
  jobs: JobRepository = createJobRepository(database.db),
): DispatchDeps & TransactionDeps {
  return {
    jobs,
    riders: createRiderRepository(database.db),
    dispatch: TEST_CONFIG.dispatch,
    notices: createNotificationsRepository(database.db),
    push: createPushRepository(database.db),
    outbox: createOutboxRepository(database.db),
    publicOrigin: TEST_CONFIG.messages.publicOrigin,
    transaction: database.transaction,
  };
}
