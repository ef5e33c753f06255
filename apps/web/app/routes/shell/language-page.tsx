import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sameOriginPath } from '#app/platform/navigation/return-to.ts';
import { LanguageList } from '#app/shell/language-list.tsx';
import laterStylesheet from '#app/styles/later.css?url';
import type { Route } from './+types/language-page';

/**
 * `/language?returnTo=…`: the header's language list on a page of its own, where the header's
 * panel links before it is drawn and without JavaScript (shell/language-picker.tsx). The list
 * posts to /set-locale, which returns to `returnTo` in the chosen language; an address off the
 * site returns home.
 */
export function loader({ url }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const returnTo = sameOriginPath(url.searchParams.get('returnTo')) ?? '/';
  return { title: `${t('language.label')} | ${t('site.name')}`, returnTo: unlocalizePath(returnTo) };
}

/** The list's rules are in later.css, which this page needs at first paint. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: laterStylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function LanguagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section className="preference-page" aria-labelledby="language-title">
      <h1 id="language-title">{t('language.label')}</h1>
      <LanguageList returnTo={loaderData.returnTo} />
    </section>
  );
}
