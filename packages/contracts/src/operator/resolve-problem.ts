import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import {
  ZOrderProblemSchema,
  ZProblemParamsSchema,
  ZResolveProblemProblemSchema,
  ZResolveProblemRequestSchema,
} from '../orders/problem.ts';

export const resolveProblemEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/problems/:id/resolve',
  tags: ['operator'],
  summary: 'Resolve any problem, or overrule a resolved one with a further refund (operators)',
  description:
    'As the shop resolves it, within the same cap; on a resolved problem the refund is a further one, ' +
    'added to what was given. Written to the audit log.',
  access: ['operator'],
  params: ZProblemParamsSchema,
  body: ZResolveProblemRequestSchema,
  success: { 200: dataEnvelope(ZOrderProblemSchema) },
  refusals: [400, 401, 403, 404, 422],
  problems: ZResolveProblemProblemSchema,
});
