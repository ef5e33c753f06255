import { dateTimeFormat, relativeTimeFormat } from '../i18n/intl-formats.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification arrived, in the shopper's language: "2 minutes ago", "yesterday", and
 * past a week the date itself in the market's time zone. Written on the server with the time
 * the list was loaded, so the page the browser hydrates reads the same.
 */
export function formatWhen(createdAt: string, now: number, languageTag: string, timeZone: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000));
  const relative = relativeTimeFormat(languageTag, { numeric: 'auto', style: 'long' });
  if (seconds < MINUTE) return relative.format(0, 'second');
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds < 7 * DAY) return relative.format(-Math.floor(seconds / DAY), 'day');
  return dateTimeFormat(languageTag, { dateStyle: 'medium', timeZone }).format(new Date(createdAt));
}
