import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentifierSchema } from './fields.ts';
import { ZAcceptedSchema } from './user.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const ZRequestResetRequestSchema = z.object({ identifier: ZIdentifierSchema });
export type RequestResetRequest = z.infer<typeof ZRequestResetRequestSchema>;

/** Always `{ accepted: true }`: a link is sent only when an account has the identifier. */
export const ZRequestResetResponseSchema = dataEnvelope(ZAcceptedSchema);
