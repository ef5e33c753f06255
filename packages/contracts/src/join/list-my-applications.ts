import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZApplicationSchema } from './application.ts';

/** `GET /api/account/applications`: my applications to join, newest first, with where each stands. */
export const ZListMyApplicationsResponseSchema = z.object({ data: z.array(ZApplicationSchema) });

export const listMyApplicationsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/account/applications',
  tags: ['join'],
  summary: 'My applications to join, newest first',
  access: 'signed-in',
  success: { 200: ZListMyApplicationsResponseSchema },
  refusals: [401],
});
