import type { DocumentKind } from '@malewa/contracts/join/application';
import type { MessageKey } from '../../platform/i18n/translator.ts';

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

/** A week of opening hours as typed: Monday first, each day's opening and closing time ("08:00"). */
export type HoursValues = [opens: string, closes: string][];

export type JoinValues = Record<JoinField, string> & { hours: HoursValues };

/** What can be wrong, each shown beside its field: the pin, the week, each document. */
export type JoinErrors = Partial<
  Record<Exclude<JoinField, 'latitude' | 'longitude'> | 'pin' | 'hours' | 'certificate' | DocumentKind, MessageKey>
> & { form?: MessageKey };
