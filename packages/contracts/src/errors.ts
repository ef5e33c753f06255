import { z } from 'zod';

/**
 * The closed set of application error codes. The API maps each to an HTTP status in one
 * place (apps/api/src/app-error.ts); clients may rely on the status alone.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A short message shown with an answer, as a toast (`_notification` on the wire). Not the
 * inbox's notifications (`notifications/`), which are kept and listed.
 */
export const ZToastSchema = z.object({
  type: z.enum(['success', 'info', 'warning', 'error']),
  title: z.string(),
  message: z.string(),
});

export type Toast = z.infer<typeof ZToastSchema>;

/**
 * A refusal a client acts on, not only shows: one of the endpoint's closed set of codes, with
 * what it concerns (`{ code: 'closed', shop: 'mama-oliech' }`). An endpoint that gives them
 * declares their schema (`problems`), so both sides share the set.
 */
export const ZProblemSchema = z.looseObject({ code: z.string() });
export type Problem = z.infer<typeof ZProblemSchema>;

/**
 * `{ errors: { message } }` for a general failure, or `{ errors: { <field>: [messages] } }`
 * for invalid fields; `problem` when the refusal is one of the endpoint's problems.
 */
export const ZErrorResponseSchema = z.object({
  errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  problem: ZProblemSchema.optional(),
  _notification: ZToastSchema.optional(),
});

export type ErrorResponse = z.infer<typeof ZErrorResponseSchema>;
