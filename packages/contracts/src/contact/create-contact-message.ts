import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { multiLine, singleLine } from '../text.ts';
import { CONTACT_TOPICS } from './contact-topics.ts';

/** How many messages one address may send within the window before it must wait. */
export const CONTACT_MESSAGE_LIMIT = 5;
export const CONTACT_MESSAGE_WINDOW_MS = 10 * 60 * 1000;

/**
 * A phone number as people type it in the six markets: international (`+27 82 123 4567`,
 * `00254 712 345 678`) or national (`082 123 4567`, Botswana's `71 234 567`, Mozambique's
 * `84 123 4567`), with spaces, dots, hyphens or brackets between the digits. 8 to 15 digits,
 * as E.164 allows.
 */
const PHONE_PATTERN = /^(?:\+|00)?[0-9(][0-9 .()-]{5,22}[0-9]$/;
const ZPhoneSchema = z
  .string()
  .trim()
  .max(24)
  .regex(PHONE_PATTERN, { message: 'Enter a phone number with digits only, e.g. +254 712 345 678', abort: true })
  .refine((phone) => {
    const digits = phone.replace(/\D/g, '').replace(/^00/, '');
    return digits.length >= 8 && digits.length <= 15;
  }, 'Enter a phone number of 8 to 15 digits, e.g. +254 712 345 678');

const CONTACT_REQUIRED = 'Give an email address or a phone number so that we can answer you';
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const ZCreateContactMessageRequestSchema = z
  .object({
    name: singleLine().trim().min(2, 'Enter your name (at least 2 characters)').max(120),
    email: singleLine()
      .trim()
      .max(254)
      .regex(z.regexes.email, 'Enter a valid email address, e.g. name@example.com')
      .optional(),
    phone: ZPhoneSchema.optional(),
    topic: z.enum(CONTACT_TOPICS, 'Choose a topic'),
    message: multiLine()
      .trim()
      .min(10, 'Tell us a little more (at least 10 characters)')
      .max(4000, 'Keep your message under 4000 characters'),
    /** The interface language the shopper wrote from, so that we answer in it. */
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/)
      .max(35)
      .optional(),
  })
  // Checked even when other fields are wrong, so that a form shows every problem at once.
  .refine((value) => value.email !== undefined || value.phone !== undefined, {
    path: ['email'],
    message: CONTACT_REQUIRED,
    when: isObject,
  })
  .refine((value) => value.email !== undefined || value.phone !== undefined, {
    path: ['phone'],
    message: CONTACT_REQUIRED,
    when: isObject,
  });

export type CreateContactMessageRequest = z.infer<typeof ZCreateContactMessageRequestSchema>;

export const ZContactMessageReceiptSchema = z.object({
  id: z.uuid(),
  receivedAt: z.iso.datetime(),
});

export type ContactMessageReceipt = z.infer<typeof ZContactMessageReceiptSchema>;

export const ZCreateContactMessageResponseSchema = dataEnvelope(ZContactMessageReceiptSchema);

export const createContactMessageEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/contact-messages',
  tags: ['contact'],
  summary: 'Send a message to the support team',
  description:
    'Needs an email address or a phone number (or both). One client address may send 5 messages in ' +
    '10 minutes; the next is a 429 with Retry-After. The client address is taken from X-Forwarded-For ' +
    'only when the request comes from a proxy listed in TRUST_PROXY.',
  access: 'anyone',
  body: ZCreateContactMessageRequestSchema,
  success: { 201: ZCreateContactMessageResponseSchema },
  refusals: [400, 429],
});
