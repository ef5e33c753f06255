import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { intlLanguage } from '#app/platform/i18n/locales.ts';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * Making an Intl formatter costs about a hundred times using one, and a shop's page prints
 * fourteen times and seven lists: one of each per language tag, kept for the process. The list
 * formatter is the same as platform/i18n/list-format.ts's, made here: imported from there, that
 * module joined the catalog chunk, which the carts page and the operator's review then loaded.
 */
const FORMATS = new Map<string, { clock: Intl.DateTimeFormat; day: Intl.DateTimeFormat; list: Intl.ListFormat }>();

function formatsFor(tag: string) {
  let formats = FORMATS.get(tag);
  if (!formats) {
    formats = {
      clock: new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
      list: new Intl.ListFormat(tag, { type: 'unit', style: 'short' }),
    };
    FORMATS.set(tag, formats);
  }
  return formats;
}

function clock(minutes: number, tag: string): string {
  return formatsFor(tag).clock.format(new Date(Date.UTC(2026, 0, 5, Math.floor(minutes / 60), minutes % 60)));
}

/** A calendar date in words ("Friday 25 December"), read at UTC noon so no clock shifts the day. */
function day(date: string, tag: string): string {
  return formatsFor(tag).day.format(new Date(`${date}T12:00:00Z`));
}

/**
 * A day's opening ranges as the language lists them: "11:30 AM–3:00 PM, 5:30 PM–10:30 PM";
 * Arabic joins them with its "و", not a Latin comma. `tag`: the page's `intlLanguage`.
 */
export function dayRanges(ranges: readonly (readonly [number, number])[], tag: string): string {
  return formatsFor(tag).list.format(ranges.map(([open, close]) => `${clock(open, tag)}–${clock(close, tag)}`));
}

/** Upcoming closed days a page names (the rest show as they come near). */
const CLOSED_DAYS_SHOWN = 5;

/**
 * The week's opening hours in the provider's local time, Monday first (a break shows as two
 * ranges), and the next whole days it is closed whatever the week says.
 */
export function OpeningHours({
  hours,
  byAppointment,
  closedDates,
}: {
  hours: [number, number][][];
  byAppointment: boolean;
  closedDates: readonly string[];
}) {
  const { t, locale } = useI18n();
  return (
    <section className="opening-hours" aria-labelledby="hours-title">
      <h2 id="hours-title">{t(byAppointment ? 'catalog.hours.bookable' : 'catalog.hours.title')}</h2>
      <dl>
        {WEEKDAYS.map((day, index) => (
          <div key={day}>
            <dt>{t(`catalog.weekday.${day}`)}</dt>
            <dd>
              {(hours[index] ?? []).length === 0
                ? t('catalog.hours.closed')
                : dayRanges(hours[index] ?? [], intlLanguage(locale.iso))}
            </dd>
          </div>
        ))}
      </dl>
      {closedDates.length > 0 && (
        <>
          <h3>{t('catalog.hours.closedDays')}</h3>
          <ul className="closed-dates">
            {closedDates.slice(0, CLOSED_DAYS_SHOWN).map((date) => (
              <li key={date}>
                <time dateTime={date}>{day(date, intlLanguage(locale.iso))}</time>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
