import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

/** `DELETE /api/addresses/{id}`: forgets it; if it was the default, the newest left becomes it. */
export const ZDeleteAddressResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));
