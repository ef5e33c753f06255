import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { ZOrderProblemSchema } from './problem.ts';
import { PROBLEM_WINDOW_HOURS } from './problem-vocabulary.ts';

/** The multipart form as the OpenAPI document shows it. */
export const ZReportProblemFormSchema = z.object({
  report: z.string().describe('The report as JSON (ProblemReport)'),
  photo: z.string().meta({ format: 'binary' }).optional().describe('A JPEG, PNG or WebP photo, at most 8 MB'),
});

export const ZReportProblemResponseSchema = dataEnvelope(ZOrderProblemSchema);

/**
 * Why a report is refused, for the form to say so: the order is not delivered, the window has
 * passed (`deadline`), a line is reported above what was bought, or is not the order's.
 */
export const ZReportProblemProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('not_delivered') }),
  z.object({ code: z.literal('too_late'), deadline: z.iso.datetime() }),
  z.object({ code: z.literal('above_bought'), orderLineId: z.uuid(), bought: z.number().positive() }),
  z.object({ code: z.literal('not_a_line'), orderLineId: z.uuid() }),
]);
export type ReportProblemProblem = z.infer<typeof ZReportProblemProblemSchema>;

export const reportProblemEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/orders/:id/problems',
  tags: ['orders'],
  summary: 'Report missing, wrong or damaged lines of one of my delivered orders',
  description:
    `Within ${PROBLEM_WINDOW_HOURS} hours of delivery. A multipart form: the part \`report\` is the JSON of ` +
    'ProblemReport; an optional part `photo` (JPEG, PNG or WebP, 8 MB at most) is re-encoded without its ' +
    'metadata and kept private: only the shop and operators fetch it.',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  bodyType: 'multipart/form-data',
  body: ZReportProblemFormSchema,
  success: { 201: ZReportProblemResponseSchema },
  refusals: [400, 401, 404, 413, 415, 422],
  problems: ZReportProblemProblemSchema,
});
