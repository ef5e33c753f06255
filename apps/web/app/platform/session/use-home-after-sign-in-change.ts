import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localeOfPath, localizePath } from '../i18n/locales.ts';
import { useSignedIn } from './use-account.ts';

/** The pause before going home after a sign-in change (docs/product/pages.md, timings). */
export const HOME_AFTER_SIGN_IN_CHANGE_MS = 200;

/**
 * The plain layout (docs/product/pages.md, layouts): when the signed-in state changes (here, or
 * in another tab through signed-in-sync.ts), the shopper is sent home after 200 ms. The pause
 * lets the notice of the change (a toast) show before the page goes; the page was made for the
 * previous state (a checkout of another account's cart, say), so it does not stay.
 */
export function useHomeAfterSignInChange(): void {
  const signedIn = useSignedIn();
  const initial = useRef(signedIn);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const home = localizePath('/', localeOfPath(pathname).code);

  useEffect(() => {
    if (signedIn === initial.current) return;
    const timer = window.setTimeout(() => void navigate(home, { replace: true }), HOME_AFTER_SIGN_IN_CHANGE_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, home]);
}
