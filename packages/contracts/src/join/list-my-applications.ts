import { z } from 'zod';
import { ZApplicationSchema } from './application.ts';

/** `GET /api/account/applications`: my applications to join, newest first, with where each stands. */
export const ZListMyApplicationsResponseSchema = z.object({ data: z.array(ZApplicationSchema) });
