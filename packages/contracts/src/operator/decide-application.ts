import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZApplicationSchema } from '../join/application.ts';
import { multiLine } from '../text.ts';
import { ZApplicationParamsSchema } from './list-applications.ts';

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

export const approveApplicationEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/applications/:id/approve',
  tags: ['operator'],
  summary: 'Approve an application: the shop opens, run by the applicant (operators)',
  access: ['operator'],
  params: ZApplicationParamsSchema,
  success: { 200: ZApproveApplicationResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

export const rejectApplicationEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/applications/:id/reject',
  tags: ['operator'],
  summary: 'Reject an application with a reason the applicant reads (operators)',
  access: ['operator'],
  params: ZApplicationParamsSchema,
  body: ZRejectApplicationRequestSchema,
  success: { 200: ZRejectApplicationResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
