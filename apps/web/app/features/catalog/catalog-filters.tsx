import { DIETARY_FLAGS } from '@malewa/contracts/catalog/vocabulary';
import { Form, useLocation } from 'react-router';
import { useI18n } from '../../platform/i18n/i18n-context.tsx';
import { AppLink } from '../../platform/navigation/app-link.tsx';
import { useVocabulary } from './use-vocabulary.ts';

export interface FilterErrors {
  [field: string]: string[] | string | undefined;
}

const RATINGS = ['3.5', '4', '4.5'];

/**
 * A list's search, filters and sort as one GET form: the choices live in the address, so a
 * filtered list can be shared, reloaded and used without JavaScript. A refused value shows its
 * message beside its field.
 */
export function CatalogFilters({
  kind,
  sortFields,
  errors,
}: {
  kind: 'providers' | 'items';
  sortFields: readonly string[];
  errors?: FilterErrors | undefined;
}) {
  const { t } = useI18n();
  const label = useVocabulary();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? '';
  const dietary = new Set(params.getAll('dietary').flatMap((entry) => entry.split(',')));
  const fieldError = (name: string) => {
    const messages = errors?.[name];
    if (!messages || typeof messages === 'string') return null;
    return (
      <p className="field-error" id={`filter-${name}-error`}>
        {t('catalog.filters.invalid')}
      </p>
    );
  };
  const active = [...params.keys()].some((key) => key !== 'page' && key !== 'view');
  return (
    <Form
      method="get"
      action={pathname}
      className="catalog-filters"
      role="search"
      aria-label={t('catalog.filters.label')}
    >
      <div className="filter-row">
        <label className="filter-search">
          <span className="visually-hidden">{t('catalog.filters.keyword')}</span>
          <input
            type="search"
            name="searchKeyword"
            defaultValue={value('searchKeyword')}
            placeholder={t('catalog.filters.keyword')}
            maxLength={100}
          />
        </label>
        <label>
          <span>{t('catalog.filters.sort')}</span>
          <select name="sortBy" defaultValue={value('sortBy')}>
            <option value="">{t('catalog.sort.default')}</option>
            {sortFields.map((field) => (
              <option key={field} value={field}>
                {label('sort', field)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('catalog.filters.apply')}</button>
      </div>
      <details className="filter-more" open={active && value('searchKeyword') === '' ? true : undefined}>
        <summary>{t('catalog.filters.more')}</summary>
        <fieldset>
          <legend>{t('catalog.filters.dietary')}</legend>
          {DIETARY_FLAGS.map((flag) => (
            <label key={flag} className="check">
              <input type="checkbox" name="dietary" value={flag} defaultChecked={dietary.has(flag)} />
              <span>{t(`catalog.dietary.${flag}`)}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'items' && (
          <fieldset className="price-range">
            <legend>{t('catalog.filters.price')}</legend>
            <label>
              <span>{t('catalog.filters.priceMin')}</span>
              <input
                type="number"
                name="priceMin"
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={value('priceMin')}
                aria-invalid={errors?.priceMin ? true : undefined}
                aria-describedby={errors?.priceMin ? 'filter-priceMin-error' : undefined}
              />
            </label>
            <label>
              <span>{t('catalog.filters.priceMax')}</span>
              <input
                type="number"
                name="priceMax"
                min={0}
                step="any"
                inputMode="decimal"
                defaultValue={value('priceMax')}
                aria-invalid={errors?.priceMax ? true : undefined}
                aria-describedby={errors?.priceMax ? 'filter-priceMax-error' : undefined}
              />
            </label>
            {fieldError('priceMin')}
            {fieldError('priceMax')}
          </fieldset>
        )}
        <label>
          <span>{t('catalog.filters.rating')}</span>
          <select name="ratingMin" defaultValue={value('ratingMin')}>
            <option value="">{t('catalog.filters.anyRating')}</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {t('catalog.filters.ratingAtLeast', { rating })}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" name="openNow" value="true" defaultChecked={value('openNow') === 'true'} />
          <span>{t('catalog.filters.openNow')}</span>
        </label>
        <div className="filter-actions">
          <button type="submit">{t('catalog.filters.apply')}</button>
          {active && <AppLink to={pathname}>{t('catalog.filters.clear')}</AppLink>}
        </div>
      </details>
    </Form>
  );
}
