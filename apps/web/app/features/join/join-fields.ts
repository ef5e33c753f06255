import type { DocumentKind } from '@malewa/contracts/join/join-rules';
import type { HoursValues } from '#app/ui/week-hours.ts';

/** The application form's text fields, as the page keeps them between tries. */
export const JOIN_FIELDS = [
  'kind',
  'businessName',
  'contactName',
  'phone',
  'email',
  'city',
  'area',
  'street',
  'description',
  'latitude',
  'longitude',
] as const;
export type JoinField = (typeof JOIN_FIELDS)[number];

export type JoinValues = Record<JoinField, string> & { hours: HoursValues };

/** Where a message can show, beside its field: the text fields, the pin, the week, each document. */
export type JoinErrorField =
  | Exclude<JoinField, 'latitude' | 'longitude'>
  | 'pin'
  | 'hours'
  | 'certificate'
  | DocumentKind;
