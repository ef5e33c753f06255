import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZRiderJobSchema, ZRiderSelfSchema } from './rider-job.ts';

/** My shift, the job I am on, and the jobs offered to me (or open to me), nearest first. */
export const ZListRiderJobsResponseSchema = z.object({
  data: z.object({
    rider: ZRiderSelfSchema,
    current: ZRiderJobSchema.nullable(),
    offers: z.array(ZRiderJobSchema),
  }),
});
export type ListRiderJobsResponse = z.infer<typeof ZListRiderJobsResponseSchema>;

export const listRiderJobsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/rider/jobs',
  tags: ['rider'],
  summary: 'My current job and the jobs offered to me (riders)',
  access: ['rider'],
  success: { 200: ZListRiderJobsResponseSchema },
  refusals: [401, 403],
});
