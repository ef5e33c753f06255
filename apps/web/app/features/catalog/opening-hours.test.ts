import { describe, expect, it } from 'vitest';
import { intlLanguage } from '#app/platform/i18n/locales.ts';
import { dayRanges } from './opening-hours.tsx';

const lunchAndDinner: [number, number][] = [
  [690, 900],
  [1050, 1350],
];

describe('dayRanges', () => {
  it('lists a day with a break as the language lists things', () => {
    expect(dayRanges(lunchAndDinner, 'en')).toBe('11:30 AM–3:00 PM, 5:30 PM–10:30 PM');
    expect(dayRanges([[690, 900]], 'en')).toBe('11:30 AM–3:00 PM');
    expect(dayRanges(lunchAndDinner, 'fr')).toBe('11:30–15:00 et 17:30–22:30');
  });

  it('joins Arabic ranges with the Arabic conjunction, never a Latin comma', () => {
    const arabic = dayRanges(lunchAndDinner, intlLanguage('ar'));
    expect(arabic).toContain(' و');
    expect(arabic).not.toContain(',');
  });
});
