import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { buildErrorPageMeta } from '#app/platform/seo/page-meta.ts';
import type { Route } from './+types/offline-page';

/**
 * The offline page (`/offline`, `/fr/offline`, …). The offline worker saves it and shows it,
 * under the address the shopper asked for, when that page cannot be loaded and was never
 * saved (sw/service-worker.ts). The worker fills in the list of saved pages.
 *
 * It ships no JavaScript (`hydrate: false`, read by root.tsx): shown under another address,
 * the router would look for that address's routes, fetch their code over a network that is
 * not there, and replace this notice with an error. Everything here works as plain HTML.
 */
export const handle = { hydrate: false };

export function loader({ url }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client navigation requests `/fr/offline.data`.
  const locale = localeOfPath(url.pathname).code;
  const t = translatorFor(locale);
  return { title: `${t('offline.title')} | ${t('site.name')}`, messageBundles: [pageMessageBundle.offline(locale)] };
}

export function meta({ loaderData }: Route.MetaArgs) {
  // Nothing here for a search engine: a notice, not content. No canonical, no alternates.
  return buildErrorPageMeta(loaderData.title);
}

export default function OfflinePage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <OfflineNotice />
    </I18nScope>
  );
}

function OfflineNotice() {
  const { t } = useI18n();
  return (
    <section className="offline" aria-labelledby="offline-title">
      <NoSignalIcon />
      <h1 id="offline-title">{t('offline.title')}</h1>
      <p className="offline-lead">{t('offline.lead')}</p>
      {/* biome-ignore lint/a11y/useValidAnchor: an empty href is this document's own address, the page the shopper asked for, which the worker answered with this notice. */}
      <a className="button offline-retry" href="">
        {t('offline.retry')}
      </a>
      <h2>{t('offline.canDoTitle')}</h2>
      <ul className="offline-can-do">
        <li>{t('offline.canDoSaved')}</li>
        <li>{t('offline.canDoRetry')}</li>
      </ul>
      <section id="saved-pages" hidden className="offline-saved" aria-labelledby="saved-pages-title">
        <h2 id="saved-pages-title">{t('offline.savedTitle')}</h2>
        <ul className="offline-saved-list"></ul>
      </section>
    </section>
  );
}

/** Signal bars, crossed out. */
function NoSignalIcon() {
  return (
    <svg className="offline-icon" viewBox="0 0 48 48" width="72" height="72" aria-hidden="true">
      <g fill="currentColor">
        <rect x="6" y="32" width="6" height="10" rx="1" />
        <rect x="16" y="25" width="6" height="17" rx="1" opacity="0.35" />
        <rect x="26" y="17" width="6" height="25" rx="1" opacity="0.35" />
        <rect x="36" y="8" width="6" height="34" rx="1" opacity="0.35" />
      </g>
      <path d="M6 6l36 36" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
