import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import type { AuthPageSeo } from './auth-meta.ts';

/** The title and description of the auth page `path` (`/auth/login`) in the language of `url`. */
export function authSeo(
  url: URL,
  path: string,
  page: 'login' | 'register' | 'confirm' | 'verify' | 'forgot' | 'reset',
) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const seo: AuthPageSeo = {
    path,
    title: `${t(`auth.${page}.title` as MessageKey)} | ${t('site.name')}`,
    description: t(`auth.${page}.description` as MessageKey),
  };
  return { locale, t, seo };
}
