import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A `<details>` disclosure opens and closes without JavaScript. Once scripts run, it also
 * closes the way menus do: on Escape (focus returns to its summary when it was inside), when a
 * click or the keyboard focus goes elsewhere, and after a navigation, since a link inside it
 * changes the page without reloading the header. Every dropdown of the shell uses this one
 * mechanism. `stayOpenOnNavigation`: a panel whose choices reload the page in place (the theme
 * picker, whose picks the shopper compares one after another) stays open through them.
 */
export function useDismissableDetails(
  ref: RefObject<HTMLDetailsElement | null>,
  { stayOpenOnNavigation = false }: { stayOpenOnNavigation?: boolean } = {},
) {
  const location = useLocation();
  const shownAt = useRef(location);

  useEffect(() => {
    // Only a navigation closes it, never the first run: a shopper on a slow phone who opened
    // the disclosure before the scripts arrived keeps it open through hydration.
    if (shownAt.current === location) return;
    shownAt.current = location;
    if (ref.current && !stayOpenOnNavigation) ref.current.open = false;
  }, [ref, location, stayOpenOnNavigation]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const outside = (target: EventTarget | null) => !(target instanceof Node && details.contains(target));

    function onPointerDown(event: PointerEvent) {
      if (details?.open && outside(event.target)) details.open = false;
    }
    function onFocusIn(event: FocusEvent) {
      if (details?.open && outside(event.target)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !details?.open) return;
      const hadFocus = !outside(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector('summary')?.focus();
    }

    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);
}
