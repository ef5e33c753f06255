import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

/**
 * `POST /api/carts/merge` (signed in, with the guest's X-Cart-Token): the guest's carts of
 * every service and market move into the account's. How many lines moved; 0 the second time.
 */
export const ZMergeGuestCartResponseSchema = dataEnvelope(z.object({ movedLines: z.number().int().min(0) }));
