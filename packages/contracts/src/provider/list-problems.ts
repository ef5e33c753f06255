import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, ZPageQuerySchema } from '../envelope.ts';
import { ZOrderProblemSchema } from '../orders/problem.ts';
import { PROBLEM_STATUSES } from '../orders/problem-vocabulary.ts';

/**
 * `GET /api/provider/problems`: the problems reported on the caller's shops' orders, open ones
 * first, newest first; `shop` keeps one of them (another's shop is a 404), `status` one status.
 */
export const ZListShopProblemsRequestSchema = ZPageQuerySchema.extend({
  shop: z.uuid().optional(),
  status: z.enum(PROBLEM_STATUSES).optional(),
});
export type ListShopProblemsRequest = z.infer<typeof ZListShopProblemsRequestSchema>;

export const listShopProblemsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/problems',
  tags: ['provider'],
  summary: 'Problems reported on my shops’ orders, open first',
  access: ['provider'],
  query: ZListShopProblemsRequestSchema,
  success: { 200: listEnvelope(ZOrderProblemSchema) },
  refusals: [400, 401, 403, 404],
});
