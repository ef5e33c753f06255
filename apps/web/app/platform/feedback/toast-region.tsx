import { useSyncExternalStore } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { FlashToast } from './flash-toast.ts';
import { type Toast, toasts, toToast } from './toast-store.ts';

const NONE: readonly Toast[] = [];

/**
 * The page's toasts, in two live regions that are always in the page (a region must exist
 * before its content changes for screen readers to announce it): errors assertively, the rest
 * politely. `serverToast` is what the server handed this page: until the browser has
 * taken it into the store (on the server, before hydration, and without JavaScript) it is
 * rendered as it came, so a plain form post still shows its toast.
 */
export function ToastRegion({ serverToast }: { serverToast: FlashToast | null }) {
  const { t } = useI18n();
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, () => NONE);
  const waiting = serverToast && !toasts.hasSeen(serverToast.id) ? serverToast : null;
  const shown = waiting ? [toToast(waiting, waiting.id), ...list] : list;
  const render = (toast: Toast) => (
    <ToastItem key={toast.id} toast={toast} static={toast.id === waiting?.id} dismiss={t('feedback.toast.dismiss')} />
  );
  return (
    <section className="toasts" aria-label={t('feedback.toasts.label')}>
      <ol aria-live="assertive">{shown.filter((toast) => toast.type === 'error').map(render)}</ol>
      <ol aria-live="polite">{shown.filter((toast) => toast.type !== 'error').map(render)}</ol>
    </section>
  );
}

function ToastItem({ toast, static: isStatic, dismiss }: { toast: Toast; static: boolean; dismiss: string }) {
  const hold = () => toasts.hold(toast.id);
  const release = () => toasts.release(toast.id);
  return (
    <li
      className={`toast toast-${toast.type}`}
      // Rendered by the server: without JavaScript, CSS takes it away after its lifetime.
      data-expires={isStatic && !toast.permanent ? '' : undefined}
      style={{ '--toast-life': `${toast.lifetimeMs}ms` } as React.CSSProperties}
    >
      <button
        type="button"
        className="toast-button"
        onClick={() => toasts.remove(toast.id)}
        onPointerEnter={hold}
        onPointerLeave={release}
        onFocus={hold}
        onBlur={release}
      >
        {toast.title ? <span className="toast-title">{toast.title}</span> : null}
        {toast.message ? <span className="toast-message">{toast.message}</span> : null}
        <span className="toast-dismiss">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{dismiss}</span>
        </span>
      </button>
    </li>
  );
}
