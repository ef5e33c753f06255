import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { AppLink } from '../platform/navigation/app-link.tsx';

/**
 * Previous and next links with "Page 2 of 9" between: plain links that keep every other query
 * parameter, so paging works without JavaScript and each page has its own address.
 */
export function Pager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className="pager" aria-label={t('catalog.pager.label')}>
      {page > 1 ? (
        <AppLink className="pager-link" rel="prev" to={to(page - 1)}>
          {t('catalog.pager.previous')}
        </AppLink>
      ) : (
        <span />
      )}
      <span className="pager-status">{t('catalog.pager.status', { page, totalPages })}</span>
      {page < totalPages ? (
        <AppLink className="pager-link" rel="next" to={to(page + 1)}>
          {t('catalog.pager.next')}
        </AppLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
