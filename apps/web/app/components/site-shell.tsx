import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, content and footer around every storefront page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  // Nobody can sign in before the accounts issue adds sessions; it passes the session's state here.
  const signedIn = false;
  return (
    <>
      <a className="skip-link" href="#content">
        {t('site.skipToContent')}
      </a>
      <SiteHeader signedIn={signedIn} />
      <main id="content" className="site-main">
        {children}
      </main>
      <SiteFooter signedIn={signedIn} />
    </>
  );
}
