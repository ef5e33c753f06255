import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessageKey } from '../platform/feedback/error-status.ts';
import { loadedNotFoundDrawing, loadNotFoundDrawing } from '../platform/feedback/not-found-drawing.ts';
import { navigationProgress } from '../platform/feedback/progress.ts';
import { toasts } from '../platform/feedback/toast-store.ts';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';

/** The error page's notification stays 3000 ms. */
export const ERROR_NOTIFICATION_MS = 3000;

/**
 * The error page (docs/product/errors.md): `::{code}:: {message} ::{code}::`, a way to tell us,
 * Go Back (home) and Help. Status 500 and 'An error occurred' unless told otherwise; a 404 says
 * the page could not be found, with a picture. On load it raises an error notification and,
 * when a navigation led here, turns the progress bar red.
 */
export function ErrorPage({
  status = 500,
  message,
  ownHead = false,
}: {
  status?: number;
  message?: string;
  /** Title and noindex from the page itself, where no route's meta gives them (the root's boundary). */
  ownHead?: boolean;
}) {
  const { t, locale } = useI18n();
  const { key } = useLocation();
  const text = message ?? t(errorMessageKey(status));
  const title = t('feedback.error.title', { status });

  // Loaded before rendering on the server and before hydrating a 404 (not-found-drawing.ts).
  const [Drawing, setDrawing] = useState(loadedNotFoundDrawing);
  useEffect(() => {
    if (status !== 404 || Drawing) return;
    let current = true;
    loadNotFoundDrawing().then(
      (loaded) => current && setDrawing(() => loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [status, Drawing]);

  useEffect(() => {
    navigationProgress.fail();
    // One per visit of the error page (the location's key), however often it renders.
    toasts.push({ id: `error-page-${key}`, type: 'error', title, message: text, lifetimeMs: ERROR_NOTIFICATION_MS });
  }, [key, title, text]);

  return (
    <section className="error-page" aria-labelledby="error-page-title">
      {ownHead ? (
        // React places these in the head (the layout's meta speaks for its own error page).
        <>
          <title>{`${text} | ${t('site.name')}`}</title>
          <meta name="robots" content="noindex" />
        </>
      ) : null}
      {status === 404 ? Drawing ? <Drawing /> : <span className="not-found-illustration" /> : null}
      <h1 id="error-page-title">{`::${status}:: ${text} ::${status}::`}</h1>
      <p className="error-page-tell-us">
        <AppLink to={localizePath('/pages/contact', locale.code)}>{t('error.tellUs')}</AppLink>
      </p>
      <div className="error-page-actions">
        <AppLink className="button" to={localizePath('/', locale.code)}>
          {t('error.goBack')}
        </AppLink>
        <AppLink className="button button-quiet" to={localizePath('/pages/help', locale.code)}>
          {t('error.help')}
        </AppLink>
      </div>
    </section>
  );
}
