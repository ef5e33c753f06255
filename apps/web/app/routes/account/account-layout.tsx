import { getCreditEndpoint } from '@malewa/contracts/account/get-credit';
import { Outlet } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { AppNavLink } from '#app/platform/navigation/app-link.tsx';
import { accountLinks } from '#app/platform/navigation/destinations.ts';
import type { ViewerUser } from '#app/platform/session/account-summary.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { fullName } from '#app/platform/session/use-account.ts';
import accountStyles from '#app/styles/account.css?url';
import { Avatar } from '#app/ui/avatar.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/account-layout';

/** Only the account pages load their stylesheet: the first page of a visit stays light. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/**
 * The `authenticated` guard (docs/product/accounts.md, signed-in pages): anyone not signed in
 * goes to the sign-in page of their language, which brings them back. Then who they are and
 * their store credit, in their market's currency (a ledger at the API; zero for now), written
 * for their language.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const session = requireSignedIn(context, url);
  const locale = localeOfPath(url.pathname);
  // The session may end on the way (its cookies are removed in this answer): sign in again.
  const [me, credit] = await signedInCall(url, () =>
    Promise.all([loadMe(context, request), apiClientFor(context, request, session).call(getCreditEndpoint, {})]),
  );
  const { name, surname, email, phone, avatarUrl, market } = me.user;
  const user: ViewerUser = { name, surname, email, phone, avatarUrl, market };
  return {
    messageBundles: [pageMessageBundle.account(locale.code)],
    user,
    credit: formatMoney(credit.data.balanceMinor, credit.data.currency, formattingTag(locale.iso, market)),
  };
}

/**
 * Personal pages: no cache may keep them, the offline worker included (it never saves a
 * `no-store` answer), so a shared phone keeps nobody's account.
 */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

/**
 * The account layout (docs/product/accounts.md, account pages): a panel with the avatar, full
 * name, email, the credit line and the account's pages; the chosen page beside it. On phones
 * the panel sits above the page and its links scroll sideways; from 768 px it is a sticky
 * sidebar.
 */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <AccountPanelLayout user={loaderData.user} credit={loaderData.credit} />
    </I18nScope>
  );
}

function AccountPanelLayout({ user, credit }: { user: ViewerUser; credit: string }) {
  const { t, locale } = useI18n();
  const contact = user.email ?? user.phone;
  return (
    <div className="account-layout">
      <aside className="account-panel" aria-label={t('account.panel.label')}>
        <div className="account-who">
          <Avatar user={user} size="large" />
          <div>
            <p className="account-name">
              <bdi>{fullName(user)}</bdi>
            </p>
            {contact ? (
              <p className="account-contact">
                <LtrText breakable>{contact}</LtrText>
              </p>
            ) : null}
          </div>
        </div>
        <p className="account-credit">
          <span>{t('account.credit')}</span>{' '}
          <strong>
            <bdi>{credit}</bdi>
          </strong>
        </p>
        <nav aria-label={t('account.nav.label')}>
          <ul>
            {accountLinks({}).map((link) => (
              <li key={link.id}>
                <AppNavLink to={localizePath(link.path, locale.code)} end>
                  {t(`account.nav.${link.id}`)}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  );
}
