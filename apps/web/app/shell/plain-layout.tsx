import type { ReactNode } from 'react';
import { useHomeAfterSignInChange } from '../platform/session/use-home-after-sign-in-change.ts';

/**
 * The plain layout (docs/product/pages.md, layouts): the page alone inside the site's header
 * and footer (no sidebar, no tab bar), for pages made for one signed-in state, which send the
 * shopper home 200 ms after that state changes. Its guard is the spec's 'unauthenticated' one:
 * the session, if any, is read (session.server.ts does that for every request) and nobody is
 * turned away. No route of the storefront shell uses it: the checkout and the providers' join
 * pages will.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  useHomeAfterSignInChange();
  return <div className="plain-layout">{children}</div>;
}
