import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZRiderSchema } from './rider.ts';

export const ZListFleetRidersResponseSchema = z.object({ data: z.array(ZRiderSchema) });

export const listFleetRidersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/riders',
  tags: ['operator'],
  summary: 'Every rider: the fleet’s first, then the shops’ (operators)',
  access: ['operator'],
  success: { 200: ZListFleetRidersResponseSchema },
  refusals: [401, 403],
});
