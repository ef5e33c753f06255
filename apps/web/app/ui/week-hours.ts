import { dateTimeFormat } from '../platform/i18n/intl-formats.ts';
/** A week of opening hours as a form types it: Monday first, each day's opening and closing time ("08:00"). */
export type HoursValues = [opens: string, closes: string][];

/** "08:30" → 510; "00:00" as a closing time is midnight, the end of the day (1440). */
function minutesOf(time: string, closing: boolean): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return closing && minutes === 0 ? 1440 : minutes;
}

/** The week as the API takes it, or undefined when a day is half given or closes before it opens. */
export function hoursOf(values: HoursValues): [number, number][][] | undefined {
  const week: [number, number][][] = [];
  for (const [opens, closes] of values) {
    if (opens === '' && closes === '') {
      week.push([]);
      continue;
    }
    const open = minutesOf(opens, false);
    const close = minutesOf(closes, true);
    if (open === undefined || close === undefined || open >= close) return undefined;
    week.push([[open, close]]);
  }
  return week;
}

/** 510 → "08:30"; midnight at the end of a day (1440) → "00:00". */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The week's day names, Monday first, in a formatting tag's language (2024-01-01 was a Monday). */
export function weekdayNames(tag: string): string[] {
  const format = dateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** A stored week as the form shows it: each day's first range (the form edits one per day). */
export function hoursValuesOf(week: readonly (readonly (readonly [number, number])[])[]): HoursValues {
  return Array.from({ length: 7 }, (_, day) => {
    const range = week[day]?.[0];
    return range ? [clockOf(range[0]), clockOf(range[1])] : ['', ''];
  });
}

/** The week's fields of a posted form (`hours-<day>-opens`, `hours-<day>-closes`). */
export function hoursFromForm(form: FormData): HoursValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return Array.from({ length: 7 }, (_, day) => [text(`hours-${day}-opens`), text(`hours-${day}-closes`)]);
}
