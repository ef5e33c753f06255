import { z } from 'zod';
import { PROVIDER_KINDS, SERVICE_IDS } from '../catalog/vocabulary.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { APPLICATION_STATUSES, DOCUMENT_KINDS, DOCUMENT_TYPES } from './join-rules.ts';

/**
 * A provider's application to join a service (docs/product/providers.md, joining): who they
 * are, where they work, and the documents an operator reviews before the shop opens.
 */
export const ZApplicationDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_TYPES),
  sizeBytes: z.number().int().min(1),
});
export type ApplicationDocument = z.infer<typeof ZApplicationDocumentSchema>;

export const ZApplicationSchema = z.object({
  id: z.uuid(),
  service: z.enum(SERVICE_IDS),
  kind: z.enum(PROVIDER_KINDS),
  businessName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  countryCode: ZCountryCodeSchema,
  city: z.object({ id: z.uuid(), name: z.string() }),
  area: z.string(),
  street: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Opening hours per weekday, Monday first: [open, close] minutes after midnight, local time. */
  hours: z.array(z.array(z.tuple([z.number().int(), z.number().int()]))).length(7),
  description: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  /** Why it was rejected, as the operator wrote it to the applicant. */
  reason: z.string().nullable(),
  /** The shop it became, once approved. */
  provider: z.object({ id: z.uuid(), slug: z.string() }).nullable(),
  documents: z.array(ZApplicationDocumentSchema),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Application = z.infer<typeof ZApplicationSchema>;
