import { SERVICE_NAMES } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { JoinRepository } from '../features/join/join-repository.ts';
import type { ShopRepository } from '../features/shops/shop-repository.ts';
import type { OutboxRepository } from '../messages/outbox-repository.ts';
import { renderMessage, siteLink } from '../messages/templates.ts';
import type { TransactionDeps } from '../transaction-deps.ts';

/** What an operator's decision on an application touches (approve-application.ts, reject-application.ts). */
export interface DecideApplicationDeps extends TransactionDeps {
  join: JoinRepository;
  shops: Pick<ShopRepository, 'createShop' | 'addMember'>;
  accounts: Pick<AccountsRepository, 'grantRole' | 'contactOf'>;
  audit: AuditRepository;
  outbox: OutboxRepository;
  publicOrigin: string;
  now?: Clock;
}

/** The application to decide, locked; an unknown one is a 404, one already decided a 409 that says how. */
export async function lockWaitingApplication(deps: Pick<DecideApplicationDeps, 'join'>, id: string) {
  const application = await deps.join.lockForDecision(id);
  if (!application) throw new AppError('NOT_FOUND', 'No such application');
  if (application.status !== 'submitted') {
    throw new AppError('CONFLICT', `This application was already ${application.status}`);
  }
  return application;
}

/**
 * Tells an applicant the decision on their application by email and by SMS (both were given
 * with it), in the language they applied in, inside the decision's transaction.
 */
export async function tellApplicant(
  deps: Pick<DecideApplicationDeps, 'outbox' | 'publicOrigin'>,
  application: {
    contactName: string;
    businessName: string;
    service: keyof typeof SERVICE_NAMES;
    email: string;
    phone: string;
    locale: string;
  },
  decision:
    | { template: 'application-approved'; path: string }
    | { template: 'application-rejected'; path: string; reason: string },
): Promise<void> {
  const { subject, body } = renderMessage(decision.template, application.locale, {
    name: application.contactName,
    business: application.businessName,
    service: SERVICE_NAMES[application.service],
    link: siteLink(deps.publicOrigin, application.locale, decision.path),
    ...(decision.template === 'application-rejected' ? { reason: decision.reason } : {}),
  });
  for (const [channel, recipient] of [
    ['email', application.email],
    ['sms', application.phone],
  ] as const) {
    await deps.outbox.enqueue({
      channel,
      recipient,
      template: decision.template,
      locale: application.locale,
      subject,
      body,
    });
  }
}
