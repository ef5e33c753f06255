import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZApplicationSchema } from '../join/application.ts';
import { multiLine } from '../text.ts';

/**
 * `POST /api/operator/applications/{id}/approve` (operators): the shop is made, active, run by
 * the applicant's account (which gets the provider role); the applicant is told by email and SMS.
 */
export const ZApproveApplicationResponseSchema = dataEnvelope(ZApplicationSchema);

/** `POST /api/operator/applications/{id}/reject` (operators): the reason is written to the applicant. */
export const ZRejectApplicationRequestSchema = z
  .object({
    reason: multiLine()
      .trim()
      .min(10, 'Tell the applicant why, so they can put it right (10 characters or more)')
      .max(500),
  })
  .strict();
export type RejectApplicationRequest = z.infer<typeof ZRejectApplicationRequestSchema>;
export const ZRejectApplicationResponseSchema = dataEnvelope(ZApplicationSchema);
