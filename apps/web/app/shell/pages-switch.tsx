import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { ReturnHereField } from '../platform/navigation/return-here-field.tsx';
import { CsrfField } from '../platform/session/csrf-field.tsx';

/**
 * The footer's switch between light and full pages (site-footer.tsx decides when it shows).
 * A plain form: light pages have no scripts.
 */
export function PagesSwitch({ light }: { light: boolean }) {
  const { t } = useI18n();
  return (
    <form className="footer-pages" method="post" action="/set-pages">
      <CsrfField />
      <ReturnHereField />
      {light && <p>{t('shell.pages.light')}</p>}
      <button type="submit" name="pages" value={light ? 'full' : 'light'}>
        {t(light ? 'shell.pages.useFull' : 'shell.pages.useLight')}
      </button>
    </form>
  );
}
