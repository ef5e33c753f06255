import { data } from 'react-router';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id in an address can be one of ours: anything else is a 404 without asking the API. */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A route's id parameter, when it can be one of ours; otherwise the page's 404, without asking the API. */
export function uuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw data(null, { status: 404 });
  return value;
}
