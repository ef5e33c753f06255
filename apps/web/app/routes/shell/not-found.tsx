import { data } from 'react-router';

/**
 * Any path no other route claims, and /errors/404: a real 404 status, rendered by the layout's
 * error page.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
