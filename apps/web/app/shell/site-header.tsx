import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath, unlocalizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { headerActions, INFO_MENU, type ShellLink, shellService } from '../platform/navigation/destinations.ts';
import { useRootData } from '../platform/root-data/root-data.ts';
import { useEnabledServices } from '../platform/services/use-enabled-services.ts';
import type { AccountSummary } from '../platform/session/account-summary.ts';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { LanguagePicker } from './language-picker.tsx';
import { NotificationMenu } from './notification-menu.tsx';
import { ServiceLinks } from './service-links.tsx';
import { BrandMark, CartIcon, InfoIcon, UserIcon } from './shell-icons.tsx';
import { ThemePicker } from './theme-picker.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The header's row (docs/product/pages.md, Header; the shell's banner holds it and the place bar): brand,
 * service links, the information menu, the pickers, the Login button or, signed in, the
 * notification dropdown and the user menu, and the Cart.
 * Phones (< 768 px) get the spec's mobile variant from the stylesheet: no service links and no
 * information menu (the footer carries those pages), only the brand and the controls (login or
 * account, cart, language), as icons. While the API cannot say who a signed-in shopper is
 * (`unavailable`), there is neither Login nor a menu.
 */
export function SiteHeader({ account }: { account: AccountSummary }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const service = shellService(unlocalizePath(pathname), useEnabledServices());
  const actions = headerActions({ signedIn: account.state !== 'anonymous', service });
  return (
    <div className={account.state === 'signed-in' ? 'site-header signed-in' : 'site-header'}>
      <AppLink className="brand" to={localizePath('/', locale.code)}>
        <BrandMark />
        <span>{t('site.name')}</span>
      </AppLink>
      <ServiceLinks />
      <div className="header-tools">
        <InfoMenu />
        <LanguagePicker />
        <ThemePicker />
        {account.state === 'signed-in' ? (
          <>
            <NotificationMenu items={account.notifications.items} unread={account.notifications.unread} />
            <UserMenu user={account.user} />
          </>
        ) : null}
        {actions.map((action) => (
          <HeaderAction key={action.id} action={action} />
        ))}
      </div>
    </div>
  );
}

/**
 * Login, or the Cart with the number of lines across the shopper's carts (docs/product/pages.md, Header: a Cart
 * button always), said in full to a screen reader: "Cart, 3 items".
 */
function HeaderAction({ action }: { action: ShellLink }) {
  const { t, locale } = useI18n();
  const lines = useRootData()?.cartLines ?? null;
  const counted = action.id === 'cart' && lines !== null && lines > 0;
  return (
    <AppLink
      className={`header-action header-${action.id}`}
      to={localizePath(action.path, locale.code)}
      aria-label={counted ? t('shell.cart.lines', { count: lines }) : undefined}
    >
      {action.id === 'cart' ? <CartIcon /> : <UserIcon />}
      <span className="header-action-label">{t(`shell.link.${action.id}`)}</span>
      {/* Read as "Cart 1", which the name "Cart, 1 item" contains (WCAG 2.5.3), not "Cart1". */}
      {counted && ' '}
      {counted && (
        <span className="cart-count" aria-hidden="true">
          {lines > 99 ? '99+' : lines}
        </span>
      )}
    </AppLink>
  );
}

/**
 * About, Help & Support, Contact Us, T&C and Privacy Policy: a `<details>` disclosure, so it
 * opens with a tap or Enter before (or without) JavaScript; scripts add closing on Escape and
 * on clicks elsewhere.
 */
function InfoMenu() {
  const { t, locale } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details ref={ref} className="info-menu">
      <summary>
        <InfoIcon />
        <span>{t('shell.info.label')}</span>
      </summary>
      <nav aria-label={t('shell.info.label')}>
        <ul>
          {INFO_MENU.map((link) => (
            <li key={link.id}>
              <AppLink to={localizePath(link.path, locale.code)}>{t(`shell.info.${link.id}`)}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
