import { useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { userMenuLinks } from '../platform/navigation/destinations.ts';
import type { ViewerUser } from '../platform/session/account-summary.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { fullName } from '../platform/session/use-account.ts';
import { Avatar } from '../ui/avatar.tsx';
import { LtrText } from '../ui/ltr-text.tsx';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';

/**
 * The signed-in shopper's menu in the header: avatar and "name surname", then Account,
 * Favorites and Orders (each once its route exists) and Sign Out, a post (never a link, which
 * another site could follow). A `<details>` disclosure like the information menu: it opens
 * without JavaScript, and with it closes on Escape and clicks elsewhere.
 */
export function UserMenu({ user }: { user: ViewerUser }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const name = fullName(user);
  return (
    <details ref={ref} className="user-menu header-menu">
      <summary>
        <Avatar user={user} />
        <bdi className="user-menu-name">{name}</bdi>
      </summary>
      <div className="menu-panel">
        <div className="user-menu-who">
          <Avatar user={user} size="large" />
          <p>
            <strong>
              <bdi>{name}</bdi>
            </strong>
            {user.email || user.phone ? (
              <span className="user-menu-contact">
                <LtrText breakable>{user.email ?? user.phone ?? ''}</LtrText>
              </span>
            ) : null}
          </p>
        </div>
        <nav aria-label={name}>
          <ul>
            {userMenuLinks({}).map((link) => (
              <li key={link.id}>
                <AppLink to={localizePath(link.path, locale.code)}>{t(`shell.link.${link.id}`)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/sign-out" className="user-menu-sign-out">
          <CsrfField />
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button type="submit">{t('shell.signOut')}</button>
        </Form>
      </div>
    </details>
  );
}
