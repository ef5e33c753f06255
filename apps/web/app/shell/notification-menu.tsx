import { useId, useRef } from 'react';
import { type Fetcher, useFetcher, useFetchers } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { ReturnHereField } from '../platform/navigation/return-here-field.tsx';
import type { HeaderNotification } from '../platform/session/account-summary.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { BellIcon } from './shell-icons.tsx';

/** Where the dropdown's forms post (routes/shell/notifications-read.tsx). */
const MARK_READ_ACTION = '/notifications/read';

/**
 * What the forms being sent will have marked read: the page shows it at once (with
 * JavaScript), before the root loader brings the new state.
 */
function pendingReads(fetchers: readonly (Fetcher & { key: string })[]): { all: boolean; ids: Set<string> } {
  const ids = new Set<string>();
  let all = false;
  for (const fetcher of fetchers) {
    if (fetcher.state === 'idle' || fetcher.formAction !== MARK_READ_ACTION) continue;
    const id = fetcher.formData?.get('id');
    if (typeof id === 'string' && id !== '') ids.add(id);
    else all = true;
  }
  return { all, ids };
}

/**
 * The header's notification dropdown: the bell with the number of unread notifications (also in
 * its accessible name), the latest notifications with their read state, "mark all as read" and
 * "mark as read" on each unread one. The texts come written from the server
 * (session/account-summary.server.ts). Forms: they work before JavaScript (a post and back to
 * the page), and with it are fetchers that leave the dropdown open.
 */
export function NotificationMenu({ items, unread }: { items: readonly HeaderNotification[]; unread: number }) {
  const { t, locale } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The button that was pressed goes away with the unread state: keep the keyboard in the list.
  const keepFocus = () => panel.current?.focus();
  const pending = pendingReads(useFetchers());
  const shown = items.map((item) => ({ ...item, read: item.read || pending.all || pending.ids.has(item.id) }));
  const newlyRead = items.filter((item) => !item.read && (pending.all || pending.ids.has(item.id))).length;
  const count = pending.all ? 0 : Math.max(0, unread - newlyRead);
  return (
    <details ref={ref} className="notification-menu header-menu">
      <summary aria-label={t('shell.notifications.label', { count })}>
        <BellIcon />
        {count > 0 ? (
          <span className="notification-badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </summary>
      {/* A group, not a landmark: the page's toasts are already the region named "Notifications"
          (axe `landmark-unique`). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a dropdown's panel holding forms of its own, not a fieldset of one form. */}
      <div ref={panel} tabIndex={-1} role="group" className="menu-panel notification-panel" aria-labelledby={titleId}>
        <div className="notification-head">
          <p id={titleId} className="menu-title">
            {t('shell.notifications.title')}
          </p>
          {count > 0 ? <MarkReadForm label={t('shell.notifications.markAll')} onSent={keepFocus} /> : null}
        </div>
        {shown.length === 0 ? (
          <p className="notification-empty">{t('shell.notifications.empty')}</p>
        ) : (
          <ul className="notification-list">
            {shown.map((item) => (
              <li key={item.id} className={item.read ? 'notification' : 'notification notification-unread'}>
                <p className="notification-title">
                  {item.read ? null : <span className="visually-hidden">{t('shell.notifications.unread')}: </span>}
                  {item.href ? <AppLink to={localizePath(item.href, locale.code)}>{item.title}</AppLink> : item.title}
                </p>
                <p className="notification-body">{item.body}</p>
                {/* A div: a form cannot sit in a <p> (the parser closes the paragraph before it,
                    so the browser's tree would not be the one React hydrates). */}
                <div className="notification-foot">
                  <time dateTime={item.createdAt}>{item.when}</time>
                  {item.read ? null : (
                    <MarkReadForm id={item.id} label={t('shell.notifications.markOne')} onSent={keepFocus} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function MarkReadForm({ id, label, onSent }: { id?: string; label: string; onSent: () => void }) {
  const fetcher = useFetcher({ key: id ? `notification-read-${id}` : 'notifications-read-all' });
  return (
    <fetcher.Form method="post" action={MARK_READ_ACTION} preventScrollReset className="mark-read" onSubmit={onSent}>
      <CsrfField />
      <ReturnHereField />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit">{label}</button>
    </fetcher.Form>
  );
}
