import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { errorMessageKey } from '../platform/feedback/error-status.ts';
import { navigationProgress } from '../platform/feedback/progress.ts';
import { toasts } from '../platform/feedback/toast-store.ts';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';

// Its own chunk, fetched by 404 pages only: every page's scripts would carry the drawing. The
// server renders it whole (entry.server.tsx waits for everything), so nothing moves on hydrating.
const NotFoundIllustration = lazy(async () => ({
  default: (await import('../platform/feedback/not-found-illustration.tsx')).NotFoundIllustration,
}));

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
      {status === 404 ? (
        <Suspense fallback={<span className="not-found-illustration" />}>
          <NotFoundIllustration />
        </Suspense>
      ) : null}
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
