import { z } from 'zod';
import { PROVIDER_KINDS, type ProviderKind, SERVICE_IDS, type ServiceId } from '../catalog/vocabulary.ts';
import { ZCountryCodeSchema } from '../markets.ts';

/**
 * A provider's application to join a service (issue 13 §1): who they are, where they work, and
 * the documents an operator reviews before the shop opens.
 */
export const APPLICATION_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What an applicant uploads: an identity document, a food-safety or a trading certificate. */
export const DOCUMENT_KINDS = ['id', 'food-safety', 'trading'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Checked by content (their first bytes), never by the file's name or the type it claims. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Largest document accepted: a phone's photo of a certificate fits. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Most documents one application carries. */
export const MAX_DOCUMENTS = 4;

/** The kinds of provider each service takes (a kitchen or a home cook for Food, …). */
export const KINDS_OF_SERVICE: Record<ServiceId, readonly ProviderKind[]> = {
  food: ['restaurant', 'home_cook'],
  grocery: ['store'],
  chef: ['chef'],
  cookbook: ['creator'],
  farm: ['farmer'],
};

/** Services whose sellers handle food for others: an applicant shows a food-safety or trading certificate too. */
export const CERTIFICATE_REQUIRED: Record<ServiceId, boolean> = {
  food: true,
  grocery: true,
  chef: true,
  cookbook: false,
  farm: true,
};

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
