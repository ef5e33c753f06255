import type { Application } from '@malewa/contracts/join/application';
import type { ApplicationRow, DocumentRow } from './join-repository.ts';

/** The API's view of an application with its documents. */
export function presentApplication(row: ApplicationRow, documents: readonly DocumentRow[]): Application {
  return {
    id: row.id,
    service: row.service,
    kind: row.kind,
    businessName: row.businessName,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    countryCode: row.countryCode as Application['countryCode'],
    city: { id: row.locationId, name: row.cityName },
    area: row.area,
    street: row.street,
    latitude: row.latitude,
    longitude: row.longitude,
    hours: row.hours,
    description: row.description,
    status: row.status,
    reason: row.reason,
    provider: row.providerId && row.providerSlug ? { id: row.providerId, slug: row.providerSlug } : null,
    documents: documents
      .filter((document) => document.applicationId === row.id)
      .map((document) => ({
        id: document.id,
        kind: document.kind,
        fileName: document.fileName,
        contentType: document.contentType,
        sizeBytes: document.sizeBytes,
      })),
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
