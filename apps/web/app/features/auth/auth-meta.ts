import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '#app/platform/seo/page-meta.ts';

/** What an auth page's loader says of itself, already translated (its messages are not in the root's catalog). */
export interface AuthPageSeo {
  path: string;
  title: string;
  description: string;
}

/**
 * An auth page's head: the usual one (canonical, hreflang, Open Graph), and noindex: a sign-in
 * form is not an answer to anybody's search (robots.txt keeps crawlers off /auth as well).
 */
export function authPageMeta(args: Parameters<typeof pageMeta>[0], seo: AuthPageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  return [...pageMeta(args, seo), { name: 'robots', content: 'noindex' }];
}
