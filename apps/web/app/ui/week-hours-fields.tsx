import { useI18n } from '../platform/i18n/i18n-context.tsx';
import type { MessageKey } from '../platform/i18n/translator.ts';
import type { HoursValues } from './week-hours.ts';

/**
 * A week of opening hours in a form (styles/week-hours.css): for each day, named in `days`
 * (Monday first), its opening and closing time; both empty is a closed day. The labels name
 * the day for screen readers; the field names are those `hoursFromForm` reads.
 */
export function WeekHoursFields({
  days,
  values,
  legend,
  hint,
  error,
  opens,
  closes,
}: {
  days: readonly string[];
  values: HoursValues;
  legend: string;
  hint: string;
  error: MessageKey | undefined;
  opens: string;
  closes: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={error ? 'week-hours has-error' : 'week-hours'} aria-describedby="week-hours-hint">
      <legend>{legend}</legend>
      <p id="week-hours-hint" className="field-hint">
        {hint}
      </p>
      {error && <p className="field-error">{t(error)}</p>}
      {days.map((day, index) => (
        <div key={day} className="week-day">
          <span className="week-day-name">{day}</span>
          <label>
            <span className="visually-hidden">
              {day}, {opens}
            </span>
            <span aria-hidden="true">{opens}</span>{' '}
            <input type="time" name={`hours-${index}-opens`} step={900} defaultValue={values[index]?.[0]} />
          </label>
          <label>
            <span className="visually-hidden">
              {day}, {closes}
            </span>
            <span aria-hidden="true">{closes}</span>{' '}
            <input type="time" name={`hours-${index}-closes`} step={900} defaultValue={values[index]?.[1]} />
          </label>
        </div>
      ))}
    </fieldset>
  );
}
