import { useI18n } from '../platform/i18n/i18n-context.tsx';

/** "★ 4.6 (412)": the star is decoration; the label reads the average and the count in words. */
export function Rating({ average, count }: { average: number; count: number }) {
  const { t } = useI18n();
  if (count === 0) return <span className="rating rating-none">{t('catalog.rating.none')}</span>;
  return (
    <span className="rating" role="img" aria-label={t('catalog.rating.label', { average, count })}>
      <span aria-hidden="true">★ {average.toFixed(1)}</span>
      <span className="rating-count" aria-hidden="true">
        ({count})
      </span>
    </span>
  );
}
