import { useLocation } from 'react-router';

/**
 * A form's way back: the page it is on (path and query), which a form target returns to with
 * its 303 (return-to.ts).
 */
export function ReturnHereField() {
  const { pathname, search } = useLocation();
  return <input type="hidden" name="returnTo" value={`${pathname}${search}`} />;
}
