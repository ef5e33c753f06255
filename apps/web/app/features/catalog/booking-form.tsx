import type { ItemDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { Form, useNavigation } from 'react-router';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { OptionFields } from './add-to-cart-form.tsx';

/** A booking as typed, kept when it is refused: its date, start time, guests and menu choices. */
export interface BookingValues {
  date: string;
  time: string;
  guests: string;
  choices: number[][];
}
export type BookingField = 'date' | 'time' | 'guests';

/** The start first offered: an evening, as most bookings are, where the chef works then. */
const EVENING = '19:00';

/**
 * "Book" on a chef experience's page: a date, a start time and the guests (within what the
 * experience takes), with its menu choices. A plain form to the page itself, so a refusal
 * (the chef is booked then, or does not work then) comes back beside its field with
 * everything kept; a booking goes into the Chef cart, to be checked out like any order.
 */
export function BookingForm({
  item,
  dates,
  outcome,
}: {
  item: ItemDetail & { experience: NonNullable<ItemDetail['experience']> };
  /** The first and last dates a booking can be made for today (the API has the last word). */
  dates: { min: string; max: string };
  outcome?: FormOutcome<BookingValues, BookingField> | undefined;
}) {
  const { t } = useI18n();
  const sending = useNavigation().formData?.get('intent') === 'book';
  const { guestsMin, guestsMax, startTimes } = item.experience;
  // Narrowed here rather than with form-outcome's readers: the item page is at its script budget.
  const values = outcome?.status === 'done' ? undefined : outcome?.values;
  const errors = outcome?.status === 'invalid' ? outcome.errors : {};
  const formError = outcome?.status === 'refused' ? outcome.reason : errors.form;
  // The starts the chef takes on some weekday (the API's list); a chef with no hours takes none.
  if (startTimes.length === 0) {
    return (
      <section className="add-to-cart booking-form" aria-labelledby="book-title">
        <h2 id="book-title">{t('catalog.book.title')}</h2>
        <p className="notice">{t('catalog.book.error.unavailable')}</p>
      </section>
    );
  }
  const defaultTime = values?.time ?? (startTimes.includes(EVENING) ? EVENING : startTimes[0]);
  return (
    <Form method="post" className="add-to-cart booking-form" aria-labelledby="book-title" noValidate>
      <h2 id="book-title">{t('catalog.book.title')}</h2>
      {formError && (
        <p className="notice notice-error" role="alert">
          {t(formError)}
        </p>
      )}
      <CsrfField />
      <OptionFields options={item.options} chosen={values?.choices} />
      <div className="booking-fields">
        <FormField id="booking-date" label={t('catalog.book.date')} error={errors.date}>
          {(props) => (
            <input
              {...props}
              name="date"
              type="date"
              min={dates.min}
              max={dates.max}
              required
              defaultValue={values?.date ?? ''}
            />
          )}
        </FormField>
        <FormField id="booking-time" label={t('catalog.book.time')} error={errors.time}>
          {(props) => (
            <select {...props} name="time" required defaultValue={defaultTime}>
              {startTimes.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="booking-guests"
          label={t('catalog.book.guests')}
          hint={t('catalog.experience.guests', { min: guestsMin, max: guestsMax })}
          error={errors.guests}
        >
          {(props) => (
            <input
              {...props}
              name="guests"
              type="number"
              inputMode="numeric"
              min={guestsMin}
              max={guestsMax}
              required
              defaultValue={values?.guests ?? String(Math.max(guestsMin, Math.min(guestsMax, 4)))}
            />
          )}
        </FormField>
      </div>
      <button type="submit" name="intent" value="book" disabled={sending}>
        {t('catalog.book.submit')}
      </button>
    </Form>
  );
}
