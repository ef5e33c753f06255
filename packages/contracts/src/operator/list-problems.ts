import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZOrderProblemSchema } from '../orders/problem.ts';
import { PROBLEM_STATUSES } from '../orders/problem-vocabulary.ts';

/** `GET /api/operator/problems`: every shop's problems, open first, newest first. */
export const ZListProblemsRequestSchema = ZPageQuerySchema.extend({
  shop: z.uuid().optional(),
  status: z.enum(PROBLEM_STATUSES).optional(),
});
export type ListProblemsRequest = z.infer<typeof ZListProblemsRequestSchema>;

export const listProblemsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/problems',
  tags: ['operator'],
  summary: 'Problems reported on every shop’s orders, open first (operators)',
  access: ['operator'],
  query: ZListProblemsRequestSchema,
  success: { 200: listEnvelope(ZOrderProblemSchema) },
  refusals: [400, 401, 403],
});
