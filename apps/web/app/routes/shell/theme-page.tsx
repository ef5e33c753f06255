import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sameOriginPath } from '#app/platform/navigation/return-to.ts';
import { ThemeForm } from '#app/shell/theme-form.tsx';
import laterStylesheet from '#app/styles/later.css?url';
import type { Route } from './+types/theme-page';

/**
 * `/theme?returnTo=…`: the header's theme form on a page of its own, where the header's panel
 * links before it is drawn and without JavaScript (shell/theme-picker.tsx). The choices go
 * together with Apply to /set-theme, which returns to `returnTo`; an address off the site
 * returns home.
 */
export function loader({ url }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const returnTo = sameOriginPath(url.searchParams.get('returnTo')) ?? '/';
  return { title: `${t('theme.label')} | ${t('site.name')}`, returnTo };
}

/** The form's rules are in later.css, which this page needs at first paint. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: laterStylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function ThemePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="preference-page" aria-labelledby="theme-title">
      <h1 id="theme-title">{t('theme.label')}</h1>
      <ThemeForm returnTo={loaderData.returnTo} />
    </section>
  );
}
