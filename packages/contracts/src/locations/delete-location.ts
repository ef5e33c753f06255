import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

export const ZDeleteLocationResponseSchema = dataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));
