import type { ProviderKind, ServiceId } from '../catalog/vocabulary.ts';

/**
 * The rules of an application to join a service that pages and the API share, without zod: the
 * storefront's browser code reads them, and zod is not sent to browsers. What they say is in
 * docs/product/providers.md (joining, documents, application limits).
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

/** Anti-automation: applications per account, and per client address, within a day. */
export const APPLICATIONS_PER_ACCOUNT_PER_DAY = 3;
export const APPLICATIONS_PER_ADDRESS_PER_DAY = 10;

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
