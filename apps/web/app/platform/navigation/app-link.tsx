import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { usePrefetchMode } from './prefetch-mode.ts';

/** Every in-app link: React Router's, prefetching per docs/product/pages.md, prefetch policy. */
export function AppLink(props: LinkProps) {
  return <Link prefetch={usePrefetchMode()} {...props} />;
}

/** A navigation link that marks the current page, with the same prefetch policy. */
export function AppNavLink(props: NavLinkProps) {
  return <NavLink prefetch={usePrefetchMode()} {...props} />;
}
