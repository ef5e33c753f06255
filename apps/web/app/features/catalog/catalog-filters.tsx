import type { ListFacetsResponse } from '@malewa/contracts/catalog/list-facets';
import { DIETARY_FLAGS } from '@malewa/contracts/catalog/vocabulary';
import { Form, useLocation } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';

/** The fields inside "More filters" (the keyword and the sort are outside it). */
const PANEL_FIELDS = ['category', 'tags', 'dietary', 'priceMin', 'priceMax', 'ratingMin', 'openNow'] as const;

export interface FilterErrors {
  [field: string]: string[] | string | undefined;
}

const RATINGS = ['3.5', '4', '4.5'];

/** The offered choices, plus any chosen one they lack (count 0), so a filter in use can be unset. */
function withChosen(offered: readonly { key: string; count: number }[], chosen: readonly string[]) {
  const missing = chosen.filter((key) => key !== '' && !offered.some((entry) => entry.key === key));
  return [...offered, ...missing.map((key) => ({ key, count: 0 }))];
}

/**
 * A list's search, filters and sort as one GET form: the choices live in the address, so a
 * filtered list can be shared, reloaded and used without JavaScript. A refused value shows its
 * message beside its field.
 */
export function CatalogFilters({
  kind,
  sortFields,
  facets,
  errors,
}: {
  kind: 'providers' | 'items';
  sortFields: readonly string[];
  /** The categories and tags of the list where the shopper is, with counts; null: none offered. */
  facets?: ListFacetsResponse['data'] | null | undefined;
  errors?: FilterErrors | undefined;
}) {
  const { t } = useI18n();
  const label = useVocabulary();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? '';
  const dietary = new Set(params.getAll('dietary').flatMap((entry) => entry.split(',')));
  const tags = new Set(params.getAll('tags').flatMap((entry) => entry.split(',')));
  // A chosen category or tag stays offered even where the list no longer holds it.
  const categories = withChosen(facets?.categories ?? [], value('category') ? [value('category')] : []);
  // A tag that is also a dietary flag (spicy) is offered once, with the dietary needs.
  const tagChoices = withChosen(
    (facets?.tags ?? []).filter((entry) => !(DIETARY_FLAGS as readonly string[]).includes(entry.key)),
    [...tags],
  );
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
  // "More filters" is open while one of its own fields is in use or refused: a refusal's notice
  // says to check the marked fields, which a closed panel would hide.
  const panelInUse = PANEL_FIELDS.some((name) => value(name) !== '' || errors?.[name] !== undefined);
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
      <details className="filter-more" open={panelInUse ? true : undefined}>
        <summary>{t('catalog.filters.more')}</summary>
        {categories.length > 0 && (
          <label>
            <span>{t('catalog.filters.category')}</span>
            <select name="category" defaultValue={value('category')}>
              <option value="">{t('catalog.filters.anyCategory')}</option>
              {categories.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {entry.count > 0
                    ? t('catalog.filters.withCount', { label: label('category', entry.key), count: entry.count })
                    : label('category', entry.key)}
                </option>
              ))}
            </select>
          </label>
        )}
        {tagChoices.length > 0 && (
          <fieldset>
            <legend>{t('catalog.filters.tags')}</legend>
            {tagChoices.map((entry) => (
              <label key={entry.key} className="check">
                <input type="checkbox" name="tags" value={entry.key} defaultChecked={tags.has(entry.key)} />
                <span>{label('tag', entry.key)}</span>
              </label>
            ))}
          </fieldset>
        )}
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
