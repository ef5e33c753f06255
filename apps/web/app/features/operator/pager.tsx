import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { AppLink } from '#app/platform/navigation/app-link.tsx';

/** Previous and next page of a console list, keeping its filters (`search`, without `page`). */
export function Pager({ page, pages, path, search }: { page: number; pages: number; path: string; search: string }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const to = (n: number) => {
    const query = new URLSearchParams(search);
    query.set('page', String(n));
    return `${path}?${query}`;
  };
  return (
    <nav className="operator-pager" aria-label={t('operator.page.of', { page, pages })}>
      {page > 1 && <AppLink to={to(page - 1)}>{t('operator.page.previous')}</AppLink>}
      <span>{t('operator.page.of', { page, pages })}</span>
      {page < pages && <AppLink to={to(page + 1)}>{t('operator.page.next')}</AppLink>}
    </nav>
  );
}
