import type { DocumentKind } from '@malewa/contracts/join/join-rules';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import type { HoursValues } from '../../ui/week-hours.ts';

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

/** What can be wrong, each shown beside its field: the pin, the week, each document. */
export type JoinErrors = Partial<
  Record<Exclude<JoinField, 'latitude' | 'longitude'> | 'pin' | 'hours' | 'certificate' | DocumentKind, MessageKey>
> & { form?: MessageKey };
