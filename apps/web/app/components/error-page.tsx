import { useI18n } from '../i18n/i18n-context.tsx';
import { localizePath } from '../i18n/locales.ts';
import { AppLink } from '../navigation/app-link.tsx';

/** The specification's error page: `::{code}:: {message} ::{code}::` and a way back. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const { t, locale } = useI18n();
  return (
    <section className="error-page">
      <h1>{`::${status}:: ${message} ::${status}::`}</h1>
      <AppLink className="button" to={localizePath('/', locale.code)}>
        {t('error.goBack')}
      </AppLink>
    </section>
  );
}
