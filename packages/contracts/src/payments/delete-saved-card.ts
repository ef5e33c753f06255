import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

/** `DELETE /api/payments/cards/{id}`: one of my saved cards forgotten; another's is a 404. */
export const ZDeleteSavedCardResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));
