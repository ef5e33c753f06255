import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { lazy, Suspense, useContext } from 'react';
import { useLocation } from 'react-router';
import { PageScriptsContext } from '../platform/http/page-scripts.ts';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath, unlocalizePath } from '../platform/i18n/locales.ts';
import { useCurrentMarket } from '../platform/markets/use-current-market.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { briefFooterLinks, footerColumns, shellService } from '../platform/navigation/destinations.ts';
import { ReturnHereField } from '../platform/navigation/return-here-field.tsx';
import { useRootData } from '../platform/root-data/root-data.ts';
import { useEnabledServices } from '../platform/services/use-enabled-services.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import marketFlags from './market-flags.png?url&no-inline';
import { AppleIcon, CheckIcon, PlayIcon, SocialIcon } from './shell-icons.tsx';
import type { SocialLink } from './social-networks.ts';

const PagesSwitch = lazy(() => import('./pages-switch.tsx').then(({ PagesSwitch }) => ({ default: PagesSwitch })));

/**
 * The footer (docs/product/pages.md, Footer): the link columns, the country list, the app-store badges, the
 * social links and the copyright line. Badges and social links come from the configuration
 * and show only when configured.
 */
export function SiteFooter({ signedIn, brief = false }: { signedIn: boolean; brief?: boolean }) {
  const { t } = useI18n();
  const config = useRootData()?.config;
  if (brief) return <BriefFooter />;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <FooterColumns signedIn={signedIn} />
        <MarketSwitch />
        {config && (config.appStoreUrl || config.playStoreUrl) && (
          <AppBadges appStoreUrl={config.appStoreUrl} playStoreUrl={config.playStoreUrl} />
        )}
        {config && config.socialLinks.length > 0 && <SocialLinks links={config.socialLinks} />}
      </div>
      <PagesSwitchSlot />
      <p className="footer-rights">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/**
 * The footer of a page where the shopper pays (a route's `handle.footer`, read by
 * shell/site-shell.tsx): help, terms and privacy, and the copyright line. No country list (a
 * cart is of one market) and nothing else to leave by: it keeps the page within its first
 * round trip.
 */
function BriefFooter() {
  const { t, locale } = useI18n();
  return (
    <footer className="site-footer">
      <nav className="footer-brief" aria-label={t('shell.footer.label')}>
        <ul>
          {briefFooterLinks().map((link) => (
            <li key={link.id}>
              <AppLink to={localizePath(link.path, locale.code)}>{t(`shell.link.${link.id}`)}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <PagesSwitchSlot />
      <p className="footer-rights">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/**
 * Light or full pages (decision 39): a light page says what it is and offers the full ones; a
 * full page offers the light ones back only to a shopper who chose full pages. A full page on
 * a fast connection carries nothing for it, nor its code: the switch comes in a chunk of its
 * own, which only a page showing it asks for (a light page has it in its HTML and no scripts).
 */
function PagesSwitchSlot() {
  const data = useRootData();
  const light = !useContext(PageScriptsContext) && (data?.saveData ?? false);
  if (!light && data?.pagesChoice !== 'full') return null;
  return (
    <Suspense fallback={null}>
      <PagesSwitch light={light} />
    </Suspense>
  );
}

function FooterColumns({ signedIn }: { signedIn: boolean }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const service = shellService(unlocalizePath(pathname), useEnabledServices());
  return (
    <nav className="footer-columns" aria-label={t('shell.footer.label')}>
      {footerColumns({ signedIn, service }).map((column) => (
        <div key={column.id} className="footer-column">
          <h2 id={`footer-${column.id}`}>{t(`shell.footer.${column.id}`)}</h2>
          <ul aria-labelledby={`footer-${column.id}`}>
            {column.links.map((link) => (
              <li key={link.id}>
                <AppLink to={localizePath(link.path, locale.code)}>{t(`shell.link.${link.id}`)}</AppLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Our six markets. There is one storefront for all of them, so instead of the specification's
 * links to external country sites the list lets the shopper choose their market: a plain form
 * (it works without JavaScript) posting to /set-market, which remembers the choice in a cookie
 * (docs/decisions/0009-footer-market-switch.md).
 */
function MarketSwitch() {
  const { t } = useI18n();
  const current = useCurrentMarket();
  return (
    <section className="footer-markets" aria-labelledby="footer-markets-title">
      <h2 id="footer-markets-title">{t('shell.markets.title')}</h2>
      <form method="post" action="/set-market">
        <CsrfField />
        <ReturnHereField />
        <ul>
          {COUNTRY_CODES.map((code, index) => (
            <li key={code}>
              <button type="submit" name="country" value={code} aria-current={code === current ? 'true' : undefined}>
                {/* Decorative: the country's name beside it is the label. */}
                {/* The image of market-flags.ts (6 flags of 20 × 15 side by side), its only
                    candidate at twice the density: 120 × 15 on any screen, this flag's part
                    shown. Numbers, not that module's constants: the checkout's script has no
                    bytes to spare. */}
                <img
                  className="flag"
                  srcSet={`${marketFlags} 2x`}
                  alt=""
                  width={20}
                  height={15}
                  style={{ objectPosition: `${index * -20}px 0` }}
                  loading="lazy"
                />
                <span>{t(`shell.market.${code}`)}</span>
                {code === current && <CheckIcon />}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </section>
  );
}

/** The stores' names are trademarks, shown as they are in every language. */
function AppBadges({ appStoreUrl, playStoreUrl }: { appStoreUrl: string | null; playStoreUrl: string | null }) {
  const { t } = useI18n();
  return (
    <section className="footer-apps" aria-labelledby="footer-apps-title">
      <h2 id="footer-apps-title">{t('shell.apps.title')}</h2>
      <ul>
        {appStoreUrl && (
          <li>
            <a className="store-badge" href={appStoreUrl}>
              <AppleIcon />
              <span>
                <small>{t('shell.apps.appStore')}</small> <strong>App Store</strong>
              </span>
            </a>
          </li>
        )}
        {playStoreUrl && (
          <li>
            <a className="store-badge" href={playStoreUrl}>
              <PlayIcon />
              <span>
                <small>{t('shell.apps.playStore')}</small> <strong>Google Play</strong>
              </span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const { t } = useI18n();
  return (
    <section className="footer-social" aria-labelledby="footer-social-title">
      <h2 id="footer-social-title">{t('shell.social.title')}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} className={link.network ? 'social-icon' : 'social-named'}>
              <SocialIcon network={link.network} />
              {/* Known networks are recognised by their icon; another site is named. */}
              <span className={link.network ? 'visually-hidden' : undefined}>{link.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
