import { type RefObject, useEffect, useState } from 'react';

/**
 * A header disclosure whose panel is long (the 25 languages, the 22 theme colours): the server
 * sends it closed with a link to the panel's own page where the panel would be (which works
 * without JavaScript), and the browser draws the panel the first time the summary is pressed,
 * or at hydration when it is already open, then keeps it. The panel's markup is then not part
 * of every page's first round trip (docs/performance.md); its data is in the scripts already.
 * The summary's click comes before the disclosure opens, so the panel is there when it does.
 */
export function usePanelOnOpen(ref: RefObject<HTMLDetailsElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    if (details.open) setShown(true);
    const show = () => setShown(true);
    const summary = details.querySelector('summary');
    summary?.addEventListener('click', show);
    details.addEventListener('toggle', show);
    return () => {
      summary?.removeEventListener('click', show);
      details.removeEventListener('toggle', show);
    };
  }, [ref]);
  return shown;
}
