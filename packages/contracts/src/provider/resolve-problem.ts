import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import {
  ZOrderProblemSchema,
  ZProblemParamsSchema,
  ZResolveProblemProblemSchema,
  ZResolveProblemRequestSchema,
} from '../orders/problem.ts';

export const resolveShopProblemEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/problems/:id/resolve',
  tags: ['provider'],
  summary: 'Resolve a problem reported on my shop’s order, with a refund to the method or to credit',
  description:
    'The refund is at most what was paid for the reported lines (each line less its share of the order’s ' +
    'discounts, for the quantity reported), less what the order’s problems already gave back, and at most ' +
    'what the method paid (total less credit used) for `method`. Once resolved, only an operator changes it.',
  access: ['provider'],
  params: ZProblemParamsSchema,
  body: ZResolveProblemRequestSchema,
  success: { 200: dataEnvelope(ZOrderProblemSchema) },
  refusals: [400, 401, 403, 404, 409, 422],
  problems: ZResolveProblemProblemSchema,
});
