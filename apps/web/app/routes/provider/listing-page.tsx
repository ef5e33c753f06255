import { Form } from 'react-router';
import { ListingOptionsFields } from '#app/features/provider/listing-options-fields.tsx';
import { textLanguageProps } from '#app/features/provider/text-language.ts';
import { errorsOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { findLocale, LOCALES, localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { ItemArt } from '#app/ui/item-art.tsx';
import type { Route } from './+types/listing-page';
import { type ListingField, type ListingOutcome, loadListingForm, saveListingForm } from './listing-page.server.ts';

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadListingForm(url, request, context, params);
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return saveListingForm(url, request, context, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** A language by its own name ("Kiswahili"), for the texts' language list. */
function languageName(code: string): string {
  return findLocale(code)?.name ?? code;
}

/**
 * A listing's form (docs/product/providers.md, provider console): texts in the page's language
 * and one more, category and unit of the shop's service, price in the shop's currency, stock (a
 * chef's experience instead: its guests, duration, place and what is included), its VAT class
 * (standard, zero-rated or exempt: what its tax invoices charge), options (a
 * meal's sizes and extras, a chef's menu choices), sold out today, and a photo from the phone.
 * One multipart form, without JavaScript too.
 */
export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { shop, listing, currency, categories, units } = loaderData;
  const outcome = actionData as ListingOutcome | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = errorsOf<ListingField>(outcome);
  // Refused, on its fields or as a whole: the form says to look again.
  const refused = outcome?.status === 'invalid' || outcome?.status === 'failed';
  const back = `${localizePath('/provider/listings', locale.code)}?shop=${shop.id}`;
  // Each language's texts marked as that language, typed in its own direction.
  const text1 = textLanguageProps(values.lang1, locale.code);
  const text2 = textLanguageProps(values.lang2, locale.code);
  return (
    <section className="commerce-page operator-page" aria-labelledby="listing-title">
      <p>
        <AppLink to={back}>{t('provider.listing.back')}</AppLink>
      </p>
      <h1 id="listing-title">{loaderData.heading}</h1>
      <Form method="post" encType="multipart/form-data" className="checkout-form listing-form" noValidate>
        <CsrfField />
        {!listing && <input type="hidden" name="type" value={loaderData.type} />}
        {refused && (
          <p className="notice notice-error" role="alert">
            {t('provider.error.form')}
          </p>
        )}
        <fieldset>
          <legend>{t('provider.listing.texts')}</legend>
          <p className="field-hint">{t('provider.listing.textsHint')}</p>
          <input type="hidden" name="lang1" value={values.lang1} />
          <p className="listing-language">{languageName(values.lang1)}</p>
          <FormField id="listing-name1" label={t('provider.listing.name')} error={errors.name1}>
            {(props) => (
              <input {...props} {...text1} name="name1" defaultValue={values.name1} maxLength={120} required />
            )}
          </FormField>
          <FormField id="listing-description1" label={t('provider.listing.description')} error={errors.description1}>
            {(props) => (
              <textarea
                {...props}
                {...text1}
                name="description1"
                defaultValue={values.description1}
                rows={3}
                maxLength={1000}
              />
            )}
          </FormField>
          <input type="hidden" name="former2" value={loaderData.values.lang2} />
          <FormField id="listing-lang2" label={t('provider.listing.otherLanguage')} error={errors.lang2}>
            {(props) => (
              <select {...props} name="lang2" defaultValue={values.lang2}>
                <option value="">{t('provider.listing.noLanguage')}</option>
                {LOCALES.map((entry) => entry.code)
                  .filter((code) => code !== values.lang1)
                  .map((code) => (
                    <option key={code} value={code}>
                      {languageName(code)}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
          <FormField id="listing-name2" label={t('provider.listing.name')} error={errors.name2}>
            {(props) => <input {...props} {...text2} name="name2" defaultValue={values.name2} maxLength={120} />}
          </FormField>
          <FormField id="listing-description2" label={t('provider.listing.description')} error={errors.description2}>
            {(props) => (
              <textarea
                {...props}
                {...text2}
                name="description2"
                defaultValue={values.description2}
                rows={3}
                maxLength={1000}
              />
            )}
          </FormField>
        </fieldset>
        <div className="checkout-pair">
          <FormField id="listing-category" label={t('provider.listing.category')} error={errors.category}>
            {(props) => (
              <select {...props} name="category" defaultValue={values.category} required>
                <option value="" disabled>
                  —
                </option>
                {categories.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="listing-unit" label={t('provider.listing.unit')} error={errors.unit}>
            {(props) => (
              <select {...props} name="unit" defaultValue={values.unit} required>
                {units.map((unit) => (
                  <option key={unit.value} value={unit.value}>
                    {unit.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {!loaderData.recipe && (
          <div className="checkout-pair">
            <FormField id="listing-price" label={t('provider.listing.price', { currency })} error={errors.price}>
              {(props) => (
                <input {...props} name="price" defaultValue={values.price} inputMode="decimal" dir="ltr" required />
              )}
            </FormField>
            {!loaderData.experience && (
              <FormField
                id="listing-stock"
                label={t('provider.listing.stock')}
                hint={t('provider.listing.stockHint')}
                error={errors.stock}
              >
                {(props) => <input {...props} name="stock" defaultValue={values.stock} inputMode="numeric" dir="ltr" />}
              </FormField>
            )}
          </div>
        )}
        {!loaderData.recipe && (
          <FormField
            id="listing-taxClass"
            label={t('provider.listing.taxClass')}
            hint={t('provider.listing.taxClassHint')}
            error={errors.taxClass}
          >
            {(props) => (
              <select {...props} name="taxClass" defaultValue={values.taxClass}>
                {loaderData.taxClasses.map((taxClass) => (
                  <option key={taxClass.value} value={taxClass.value}>
                    {taxClass.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {loaderData.recipe && (
          <fieldset className="listing-recipe">
            <legend>{t('provider.listing.recipe')}</legend>
            {errors.recipe && <p className="field-error">{t(errors.recipe)}</p>}
            <div className="checkout-pair">
              <FormField id="listing-servings" label={t('provider.listing.servings')} error={undefined}>
                {(props) => (
                  <input {...props} name="servings" defaultValue={values.servings} inputMode="numeric" dir="ltr" />
                )}
              </FormField>
              <FormField id="listing-difficulty" label={t('provider.listing.difficulty')} error={undefined}>
                {(props) => (
                  <select {...props} name="difficulty" defaultValue={values.difficulty}>
                    {loaderData.difficulties.map((difficulty) => (
                      <option key={difficulty.value} value={difficulty.value}>
                        {difficulty.label}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <div className="checkout-pair">
              <FormField id="listing-prepMinutes" label={t('provider.listing.prepMinutes')} error={undefined}>
                {(props) => (
                  <input
                    {...props}
                    name="prepMinutes"
                    defaultValue={values.prepMinutes}
                    inputMode="numeric"
                    dir="ltr"
                  />
                )}
              </FormField>
              <FormField id="listing-cookMinutes" label={t('provider.listing.cookMinutes')} error={undefined}>
                {(props) => (
                  <input
                    {...props}
                    name="cookMinutes"
                    defaultValue={values.cookMinutes}
                    inputMode="numeric"
                    dir="ltr"
                  />
                )}
              </FormField>
            </div>
            <FormField
              id="listing-ingredients"
              label={t('provider.listing.ingredients')}
              hint={t('provider.listing.ingredientsHint')}
              error={errors.ingredients}
            >
              {(props) => <textarea {...props} name="ingredients" defaultValue={values.ingredients} rows={8} />}
            </FormField>
            <FormField
              id="listing-steps"
              label={t('provider.listing.steps')}
              hint={t('provider.listing.stepsHint')}
              error={errors.steps}
            >
              {(props) => <textarea {...props} name="steps" defaultValue={values.steps} rows={8} />}
            </FormField>
          </fieldset>
        )}
        {loaderData.experience && (
          <fieldset className="listing-experience">
            <legend>{t('provider.listing.experience')}</legend>
            <div className="checkout-pair">
              <FormField id="listing-guestsMin" label={t('provider.listing.guestsMin')} error={errors.guests}>
                {(props) => (
                  <input {...props} name="guestsMin" defaultValue={values.guestsMin} inputMode="numeric" dir="ltr" />
                )}
              </FormField>
              <FormField id="listing-guestsMax" label={t('provider.listing.guestsMax')} error={undefined}>
                {(props) => (
                  <input {...props} name="guestsMax" defaultValue={values.guestsMax} inputMode="numeric" dir="ltr" />
                )}
              </FormField>
            </div>
            <div className="checkout-pair">
              <FormField id="listing-duration" label={t('provider.listing.duration')} error={errors.duration}>
                {(props) => (
                  <input
                    {...props}
                    name="durationHours"
                    defaultValue={values.durationHours}
                    inputMode="decimal"
                    dir="ltr"
                  />
                )}
              </FormField>
              <FormField id="listing-venue" label={t('provider.listing.venue')} error={undefined}>
                {(props) => (
                  <select {...props} name="venue" defaultValue={values.venue}>
                    {loaderData.venues.map((venue) => (
                      <option key={venue.value} value={venue.value}>
                        {venue.label}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <FormField
              id="listing-included"
              label={t('provider.listing.included')}
              hint={t('provider.listing.includedHint')}
              error={errors.included}
            >
              {(props) => <textarea {...props} name="included" defaultValue={values.included} rows={4} />}
            </FormField>
          </fieldset>
        )}
        {loaderData.options && (
          <ListingOptionsFields rows={values.options} currency={currency} error={errors.options} />
        )}
        {!loaderData.recipe && (
          <label className="choice">
            <input type="checkbox" name="available" defaultChecked={values.available} />{' '}
            {t('provider.listing.available')}
          </label>
        )}
        <FormField
          id="listing-photo"
          label={t('provider.listing.photo')}
          hint={t('provider.listing.photoHint')}
          error={errors.photo}
        >
          {(props) => <input {...props} type="file" name="photo" accept="image/jpeg,image/png,image/webp" />}
        </FormField>
        {listing && listing.images.length > 0 && <ItemArt icons={listing.images} seed={listing.id} sizes="8rem" />}
        <p className="order-actions">
          <button type="submit">{t('provider.listing.save')}</button>
        </p>
      </Form>
    </section>
  );
}
