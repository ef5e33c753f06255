import type { StaticPageContent } from '../platform/content/static-pages.ts';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { findLocale } from '../platform/i18n/locales.ts';

/**
 * An information page's text. When the page fell back to another language, it says so, and
 * the text carries its own `lang` and `dir` so that it is read and laid out as written.
 */
export function StaticArticle({ content }: { content: StaticPageContent }) {
  const { t, locale } = useI18n();
  const fellBack = content.contentLocale !== locale.code;
  return (
    <article
      className="static-page"
      lang={fellBack ? content.contentLocale : undefined}
      dir={fellBack ? content.contentDir : undefined}
    >
      {fellBack ? (
        <p className="page-notice" lang={locale.code} dir={locale.dir}>
          {t('pages.fallbackNotice', { language: findLocale(content.contentLocale)?.name ?? content.contentLocale })}
        </p>
      ) : null}
      <h1>{content.title}</h1>
      {/* Rendered on the server from our own Markdown, with raw HTML escaped (static-pages.server.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, escaped server-side rendering */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: content.html }} />
    </article>
  );
}
