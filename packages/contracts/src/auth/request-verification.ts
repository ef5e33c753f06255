import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentifierSchema } from './fields.ts';
import { ZAcceptedSchema } from './user.ts';

export const ZRequestVerificationRequestSchema = z.object({ identifier: ZIdentifierSchema });
export type RequestVerificationRequest = z.infer<typeof ZRequestVerificationRequestSchema>;

/** Always `{ accepted: true }`: a code is sent only when an unconfirmed account has the identifier. */
export const ZRequestVerificationResponseSchema = dataEnvelope(ZAcceptedSchema);
