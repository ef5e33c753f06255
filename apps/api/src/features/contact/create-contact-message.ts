import {
  CONTACT_MESSAGE_LIMIT,
  CONTACT_MESSAGE_WINDOW_MS,
  type ContactMessageReceipt,
  type CreateContactMessageRequest,
} from '@malewa/contracts/contact/create-contact-message';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import type { ContactRepository } from './contact-repository.ts';

export interface ContactDeps {
  contact: ContactRepository;
  /** The clock; tests move it. */
  now?: Clock;
}

/**
 * Keeps a message for the support team. One address may send at most CONTACT_MESSAGE_LIMIT
 * messages within CONTACT_MESSAGE_WINDOW_MS; past that the sender is told how long to wait.
 * `clientIp` is the sender's address as the app resolved it through trusted proxies.
 */
export async function createContactMessage(
  deps: ContactDeps,
  input: CreateContactMessageRequest,
  clientIp: string,
): Promise<ContactMessageReceipt> {
  const now = clock(deps);
  const result = await deps.contact.insertWithinLimit(
    {
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      topic: input.topic,
      message: input.message,
      locale: input.locale ?? null,
      clientIp,
      createdAt: now,
    },
    { since: new Date(now.getTime() - CONTACT_MESSAGE_WINDOW_MS), max: CONTACT_MESSAGE_LIMIT },
  );
  if (result.outcome === 'limited') {
    const waitMs = result.oldestCounted.getTime() + CONTACT_MESSAGE_WINDOW_MS - now.getTime();
    throw new AppError(
      'RATE_LIMITED',
      'You have sent several messages in a short time. Please wait a few minutes before sending another.',
      { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    );
  }
  return { id: result.id, receivedAt: result.createdAt.toISOString() };
}
