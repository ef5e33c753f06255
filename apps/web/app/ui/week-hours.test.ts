import { describe, expect, it } from 'vitest';
import { hoursFromForm, hoursOf, hoursValuesOf } from './week-hours.ts';

describe('a week of opening hours in a form', () => {
  it('shows a stored week, midnight as 00:00, and reads it back unchanged', () => {
    const week: [number, number][][] = [[[480, 1020]], [], [[1080, 1440]], [], [], [[540, 780]], []];
    const values = hoursValuesOf(week);
    expect(values[0]).toEqual(['08:00', '17:00']);
    expect(values[1]).toEqual(['', '']);
    expect(values[2]).toEqual(['18:00', '00:00']);
    expect(hoursOf(values)).toEqual(week);
  });

  it('reads the posted fields of every day', () => {
    const form = new FormData();
    form.set('hours-3-opens', ' 07:30 ');
    form.set('hours-3-closes', '12:00');
    const values = hoursFromForm(form);
    expect(values).toHaveLength(7);
    expect(values[3]).toEqual(['07:30', '12:00']);
    expect(values[0]).toEqual(['', '']);
  });
});
