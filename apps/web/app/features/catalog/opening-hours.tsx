import { useI18n } from '../../platform/i18n/i18n-context.tsx';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function clock(minutes: number, tag: string): string {
  const date = new Date(Date.UTC(2026, 0, 5, Math.floor(minutes / 60), minutes % 60));
  return new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** The week's opening hours in the provider's local time, Monday first; a break shows as two ranges. */
export function OpeningHours({ hours, byAppointment }: { hours: [number, number][][]; byAppointment: boolean }) {
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
                : (hours[index] ?? [])
                    .map(([open, close]) => `${clock(open, locale.iso)}–${clock(close, locale.iso)}`)
                    .join(', ')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
