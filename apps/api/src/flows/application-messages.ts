import type { Tx } from '@malewa/db/database';
import type { OutboxRepository } from '../messages/outbox-repository.ts';
import { renderMessage, siteLink } from '../messages/templates.ts';

const SERVICE_NAMES = { food: 'Food', grocery: 'Grocery', chef: 'Chef', cookbook: 'Cookbook', farm: 'Farm' } as const;

/**
 * Tells an applicant the decision on their application by email and by SMS (both were given
 * with it), in the language they applied in, inside the decision's transaction.
 */
export async function tellApplicant(
  deps: { outbox: OutboxRepository; publicOrigin: string },
  tx: Tx,
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
    await deps.outbox.enqueue(tx, {
      channel,
      recipient,
      template: decision.template,
      locale: application.locale,
      subject,
      body,
    });
  }
}
