import type { Readable } from 'node:stream';
import { SERVICE_NAMES, type ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { Application } from '@malewa/contracts/join/application';
import { type ApplyToJoinRequest, ZApplyToJoinRequestSchema } from '@malewa/contracts/join/apply-to-join';
import {
  APPLICATIONS_PER_ACCOUNT_PER_DAY,
  APPLICATIONS_PER_ADDRESS_PER_DAY,
  CERTIFICATE_REQUIRED,
  DOCUMENT_KINDS,
  type DocumentKind,
  KINDS_OF_SERVICE,
  MAX_DOCUMENTS,
} from '@malewa/contracts/join/join-rules';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import { phoneOfCountry } from '#api/phone-of-country.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { DocumentStore } from './document-store.ts';
import { getApplication } from './get-application.ts';
import type { JoinRepository, NewDocument } from './join-repository.ts';

/** A part of the multipart form, as the route hands it over. */
export type FormPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; fileName: string; stream: Readable };

export interface ApplyDeps {
  join: JoinRepository;
  documents: DocumentStore;
  now?: Clock;
  /** Where a document that could not be removed after a refusal is reported: it is an ID. */
  log?: { warn(context: object, message: string): void };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A pin this far from its city's centre is not in that city. */
const MAX_KM_FROM_CITY = 80;

/**
 * A signed-in account applies to join a service (docs/product/providers.md, joining). The limits
 * and the duplicate check (application limits) come before a byte of a document is stored;
 * documents are checked by content as they stream in (document-store.ts); the application and
 * its documents are stored together, and a refused application leaves no file behind (one the
 * disk will not remove is logged with its key).
 */
export async function applyToJoin(
  deps: ApplyDeps,
  input: { principal: Principal; service: ServiceId; clientIp: string; parts: AsyncIterable<FormPart> },
): Promise<Application> {
  const now = clock(deps);
  const recent = await deps.join.countRecent(input.principal.userId, input.clientIp, new Date(now.getTime() - DAY_MS));
  if (recent.byAccount >= APPLICATIONS_PER_ACCOUNT_PER_DAY || recent.byAddress >= APPLICATIONS_PER_ADDRESS_PER_DAY) {
    throw new AppError('RATE_LIMITED', 'Several applications were sent from here today. Please try again tomorrow.', {
      retryAfterSeconds: 60 * 60,
    });
  }
  const live = await deps.join.findLive(input.principal.userId, input.service);
  if (live) throw duplicate(input.service, live.status === 'approved' ? 'approved' : 'submitted');

  const stored: NewDocument[] = [];
  let id: string;
  try {
    let json: string | undefined;
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (part.name !== 'application') throw refused({ [part.name]: ['This form has no such field'] });
        json = part.value;
        continue;
      }
      if (!(DOCUMENT_KINDS as readonly string[]).includes(part.name)) {
        part.stream.resume();
        throw refused({ documents: [`A document is one of ${DOCUMENT_KINDS.join(', ')}`] });
      }
      if (stored.some((document) => document.kind === part.name) || stored.length >= MAX_DOCUMENTS) {
        part.stream.resume();
        throw refused({ [part.name]: ['Send one file of each kind'] });
      }
      const kind = part.name as DocumentKind;
      const document = await deps.documents.save(part.stream, kind);
      stored.push({ ...document, kind, fileName: cleanFileName(part.fileName) });
    }
    const application = readApplication(json);
    const city = await checkApplication(deps, input.service, application, stored);
    const kept = await deps.join.insert(
      {
        userId: input.principal.userId,
        service: input.service,
        kind: application.kind,
        businessName: application.businessName,
        contactName: application.contactName,
        phone: city.phone,
        email: application.email.toLowerCase(),
        countryCode: city.countryCode,
        locationId: city.id,
        area: application.area,
        street: application.street,
        latitude: application.latitude,
        longitude: application.longitude,
        hours: application.hours,
        description: application.description,
        locale: application.locale,
        clientIp: input.clientIp,
        createdAt: now,
      },
      stored,
    );
    if (kept === 'duplicate') throw duplicate(input.service, 'submitted');
    id = kept;
  } catch (error) {
    // The refusal is the answer: a file that will not go must not turn a 400 or 409 into a 500.
    const removals = await Promise.allSettled(stored.map((document) => deps.documents.remove(document.storageKey)));
    removals.forEach((removal, index) => {
      if (removal.status === 'rejected') {
        deps.log?.warn(
          { err: removal.reason, storageKey: stored[index]?.storageKey },
          "a refused application's document could not be removed",
        );
      }
    });
    throw error;
  }
  return getApplication(deps, id);
}

function readApplication(json: string | undefined): ApplyToJoinRequest {
  if (json === undefined) throw refused({ application: ['The application is missing'] });
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw refused({ application: ['The application is not valid JSON'] });
  }
  const parsed = ZApplyToJoinRequestSchema.safeParse(value);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'application');
      fields[field] = [...(fields[field] ?? []), issue.message];
    }
    throw refused(fields);
  }
  return parsed.data;
}

async function checkApplication(
  deps: ApplyDeps,
  service: ServiceId,
  application: ApplyToJoinRequest,
  documents: readonly NewDocument[],
) {
  const fields: Record<string, string[]> = {};
  if (!KINDS_OF_SERVICE[service].includes(application.kind)) {
    fields.kind = [`${SERVICE_NAMES[service]} takes ${KINDS_OF_SERVICE[service].join(' or ').replaceAll('_', ' ')}s`];
  }
  const city = await deps.join.findCity(application.cityId);
  if (!city) fields.cityId = ['Choose one of the cities we serve'];
  const phone = city && phoneOfCountry(application.phone, city.countryCode);
  if (city && !phone) fields.phone = ['Enter a phone number of this country'];
  if (city && kmBetween(city, application) > MAX_KM_FROM_CITY) {
    fields.latitude = [`Put the pin where you work, in or near ${city.name}`];
  }
  if (!documents.some((document) => document.kind === 'id')) fields.id = ['Add a photo or scan of your ID'];
  if (CERTIFICATE_REQUIRED[service] && !documents.some((document) => document.kind !== 'id')) {
    fields['food-safety'] = ['Add a food-safety or a trading certificate'];
  }
  if (Object.keys(fields).length > 0 || !city || !phone) throw refused(fields);
  return { ...city, phone };
}

/** Great-circle distance in km. */
function kmBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A device's file name, for an operator to read: no path, no control characters, not too long. */
function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops.
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 120) || 'document';
}

function refused(fields: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', 'Some details of the application need another look', { fields });
}

function duplicate(service: ServiceId, status: 'submitted' | 'approved'): AppError {
  return new AppError(
    'CONFLICT',
    status === 'approved'
      ? `You already run a shop on Malewa ${SERVICE_NAMES[service]}.`
      : `You have already applied to join Malewa ${SERVICE_NAMES[service]}: your account shows where it stands.`,
  );
}
