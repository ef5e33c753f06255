import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type ApplyToJoinRequest, ZApplyToJoinRequestSchema } from '@malewa/contracts/join/apply-to-join';
import {
  CERTIFICATE_REQUIRED,
  DOCUMENT_KINDS,
  type DocumentKind,
  KINDS_OF_SERVICE,
  MAX_DOCUMENT_BYTES,
} from '@malewa/contracts/join/join-rules';
import { type FieldWords, schemaErrors, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import type { Place } from '#app/platform/places/place.ts';
import { hoursFromForm, hoursOf } from '#app/ui/week-hours.ts';
import { JOIN_FIELDS, type JoinErrorField, type JoinField, type JoinValues } from './join-fields.ts';

type JoinErrors = FieldErrors<JoinErrorField>;

/** The form's fields as typed, kept for the page when it comes back with errors. */
export function joinValuesOf(form: FormData): JoinValues {
  const values = Object.fromEntries(JOIN_FIELDS.map((field) => [field, textOf(form, field)])) as Record<
    JoinField,
    string
  >;
  return { ...values, hours: hoursFromForm(form) };
}

/**
 * A new application's starting values: the applicant's own name, phone and email, their place
 * and its centre as the pin, the only kind a service takes, and a working week (the applicant
 * changes what differs).
 */
export function freshJoinValues(
  service: ServiceId,
  me: { name: string; surname: string; phone: string | null; email: string | null },
  place: Pick<Place, 'slug' | 'latitude' | 'longitude'> | undefined,
): JoinValues {
  const kinds = KINDS_OF_SERVICE[service];
  return {
    kind: kinds.length === 1 ? (kinds[0] as string) : '',
    businessName: '',
    contactName: `${me.name} ${me.surname}`.trim(),
    phone: me.phone ?? '',
    email: me.email ?? '',
    city: place?.slug ?? '',
    area: '',
    street: '',
    description: '',
    latitude: place ? String(place.latitude) : '',
    longitude: place ? String(place.longitude) : '',
    hours: [
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['08:00', '17:00'],
      ['09:00', '13:00'],
      ['', ''],
    ],
  };
}

/**
 * The pin follows the city chosen in the form until the applicant places it: a pin still on the
 * centre of another of the market's cities (where the page put it: the place bar's city, or the
 * city chosen before) goes to the chosen city's centre. Without JavaScript there is no map to
 * move it on, and an applicant in Cape Town was refused for a pin left in Johannesburg.
 */
export function pinFollowingCity(
  values: JoinValues,
  cities: readonly Pick<Place, 'slug' | 'latitude' | 'longitude'>[],
): JoinValues {
  const chosen = cities.find((city) => city.slug === values.city);
  if (!chosen) return values;
  const [latitude, longitude] = [Number(values.latitude), Number(values.longitude)];
  const unplaced =
    values.latitude === '' ||
    values.longitude === '' ||
    cities.some((city) => city !== chosen && city.latitude === latitude && city.longitude === longitude);
  return unplaced ? { ...values, latitude: String(chosen.latitude), longitude: String(chosen.longitude) } : values;
}

/** The documents chosen: a browser sends an unchosen file input as an empty, nameless file. */
export function documentsOf(form: FormData): Map<DocumentKind, File> {
  const documents = new Map<DocumentKind, File>();
  for (const kind of DOCUMENT_KINDS) {
    const file = form.get(kind);
    if (file instanceof File && file.size > 0) documents.set(kind, file);
  }
  return documents;
}

/** The page's field for each field of the request or document kind (the API's names or ours). */
const FIELD_OF: Partial<Record<string, JoinErrorField>> = {
  kind: 'kind',
  businessName: 'businessName',
  contactName: 'contactName',
  phone: 'phone',
  email: 'email',
  cityId: 'city',
  area: 'area',
  street: 'street',
  latitude: 'pin',
  longitude: 'pin',
  hours: 'hours',
  description: 'description',
  id: 'id',
  'food-safety': 'certificate',
  trading: 'certificate',
};

/** Which of our messages tells the applicant what is wrong with a field. */
const MESSAGE_OF: Partial<Record<JoinErrorField, MessageKey>> = {
  kind: 'join.error.kind',
  businessName: 'join.error.businessName',
  contactName: 'join.error.contactName',
  phone: 'join.error.phone',
  email: 'join.error.email',
  city: 'join.error.city',
  area: 'join.error.area',
  street: 'join.error.street',
  pin: 'join.error.pin',
  hours: 'join.error.hours',
  description: 'join.error.description',
  id: 'join.error.id',
  certificate: 'join.error.certificate',
};

const JOIN_WORDS: FieldWords<JoinErrorField> = {
  fieldOf: (path) => FIELD_OF[path.split('.')[0] ?? ''],
  messageOf: (field) => (field === 'form' ? undefined : MESSAGE_OF[field]) ?? 'join.error.form',
};

/** Errors by field (the API's names or ours) as the page shows them; unknown fields are dropped. */
export function joinErrorsOf(fields: Iterable<string>): JoinErrors {
  const errors: JoinErrors = {};
  for (const name of fields) {
    const field = JOIN_WORDS.fieldOf(name);
    if (field) errors[field] = JOIN_WORDS.messageOf(field, '');
  }
  return errors;
}

/**
 * The application checked here first, with the API's own schema and the same rules for the
 * documents, so that a mistake costs no upload: the request with its city's id, or the errors.
 * The API checks everything again (a document's content, the phone's country, the pin's city).
 */
export function readJoinForm(
  service: ServiceId,
  values: JoinValues,
  documents: Map<DocumentKind, File>,
  cities: readonly Pick<Place, 'id' | 'slug'>[],
  locale: LocaleCode,
): { application: ApplyToJoinRequest } | { errors: JoinErrors } {
  const city = cities.find((candidate) => candidate.slug === values.city);
  const hours = hoursOf(values.hours);
  const parsed = ZApplyToJoinRequestSchema.safeParse({
    kind: values.kind,
    businessName: values.businessName,
    contactName: values.contactName,
    phone: values.phone,
    email: values.email,
    cityId: city?.id ?? '',
    area: values.area,
    street: values.street,
    latitude: values.latitude === '' ? Number.NaN : Number(values.latitude),
    longitude: values.longitude === '' ? Number.NaN : Number(values.longitude),
    hours: hours ?? [],
    description: values.description,
    locale,
  });
  // The rules the schema cannot know: the service's kinds, a week that reads, its documents.
  const fields = new Set<string>();
  if (!(KINDS_OF_SERVICE[service] as readonly string[]).includes(values.kind)) fields.add('kind');
  if (!hours) fields.add('hours');
  if (!documents.has('id')) fields.add('id');
  if (CERTIFICATE_REQUIRED[service] && !documents.has('food-safety') && !documents.has('trading')) {
    fields.add('food-safety');
  }
  const errors = { ...(parsed.success ? {} : schemaErrors(parsed.error, JOIN_WORDS)), ...joinErrorsOf(fields) };
  for (const [kind, file] of documents) {
    if (file.size > MAX_DOCUMENT_BYTES) errors[kind === 'id' ? 'id' : 'certificate'] = 'join.error.fileSize';
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { application: parsed.data };
}

/** The API's multipart form: the application's JSON, then each document under its kind. */
export function applicationForm(application: ApplyToJoinRequest, documents: Map<DocumentKind, File>): FormData {
  const form = new FormData();
  form.set('application', JSON.stringify(application));
  for (const [kind, file] of documents) form.set(kind, file, file.name);
  return form;
}
