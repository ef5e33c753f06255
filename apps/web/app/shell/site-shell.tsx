import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { useAccount } from '../platform/session/use-account.ts';
import laterStylesheet from '../styles/later.css?url';
import { PlacePicker } from './place-picker.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** What a route's `handle` may ask of the shell: `footer: 'brief'` on a page where the shopper pays. */
export interface ShellHandle {
  footer?: 'brief';
}

/** Header, content and footer around every storefront page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const account = useAccount();
  // `unavailable` is signed in too: no login links for a shopper the API could not name just now.
  const signedIn = account.state !== 'anonymous';
  const briefFooter = useMatches().some((match) => (match.handle as ShellHandle | undefined)?.footer === 'brief');
  return (
    <>
      <a className="skip-link" href="#content">
        {t('site.skipToContent')}
      </a>
      {/* One banner landmark for the header's row and the place bar under it: the place link
          belongs to the site's header, not to no landmark at all (axe `region`). */}
      <header className="site-banner">
        <SiteHeader account={account} />
        <PlacePicker />
      </header>
      <main id="content" className="site-main">
        {children}
      </main>
      {/* Not in the head: nothing above needs it to paint (styles/later.css, decision 21). */}
      <link rel="stylesheet" href={laterStylesheet} />
      <SiteFooter signedIn={signedIn} brief={briefFooter} />
    </>
  );
}
